import XCTest

@testable import MVVMGenerator

/// Where an application's generated files go when it keeps the conventions: every name follows
/// from its namespace and its app target, as Examples/Notes lays them out.
final class GeneratorConventionsTests: XCTestCase {
    func test_the_files_and_the_plug_in_table_follow_from_the_namespace_and_the_target() throws {
        let configuration = Generator.Configuration.conventional(
            namespace: "shop_floor", target: "ShopApp", summary: "The shop floor.", imports: ["CMVVM", "MVVMRuntime"])
        XCTAssertEqual(configuration.headerPath, "Include/shop_floor.h")
        XCTAssertEqual(configuration.ownHeader?.summary, "The shop floor.")
        XCTAssertEqual(configuration.swiftExportsFolder, "Sources/ShopApp/Exports/Generated")
        XCTAssertEqual(configuration.declarationsFolder, "Sources/ShopApp")
        XCTAssertEqual(configuration.generatorName, "shop_floor-generate")
        XCTAssertEqual(configuration.command, "swift run shop_floor-generate")
        XCTAssertEqual(configuration.imports, ["CMVVM", "MVVMRuntime"])
        let table = try XCTUnwrap(configuration.pluginTable)
        XCTAssertEqual(table.structName, "shop_floor_api")
        XCTAssertEqual(table.getterName, "shop_floor_get_api")
        XCTAssertEqual(table.initialiserPath, "Sources/CShopFloor/api_table.h")
        XCTAssertEqual(table.headerModule, "CShopFloor")
        XCTAssertEqual(table.initialiserModule, "CShopFloorAPITable")
        XCTAssertEqual(table.functionPrefix, "shop_floor_")
        XCTAssertTrue(table.linksFramework)
    }
}

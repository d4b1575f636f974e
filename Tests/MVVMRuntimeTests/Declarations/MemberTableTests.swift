import XCTest

@testable import MVVMRuntime

final class MemberTableTests: XCTestCase {
    private final class Element {
        let name: String
        let released: (String) -> Void
        init(_ name: String, released: @escaping (String) -> Void) {
            self.name = name
            self.released = released
        }
        deinit { released(name) }
    }

    func test_holds_one_element_per_source_item_in_order() {
        let table = MemberTable(["a", "bb", "ccc"]) { $0.count }
        defer { table.free() }
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual([table[0], table[1], table[2]], [1, 2, 3])
    }

    func test_an_empty_source_makes_an_empty_table() {
        let table = MemberTable([String]()) { $0 }
        defer { table.free() }
        XCTAssertEqual(table.count, 0)
    }

    func test_free_releases_every_element() {
        var released: [String] = []
        do {
            let table = MemberTable(["x", "y"]) { name in Element(name) { released.append($0) } }
            XCTAssertEqual(table[1].name, "y")
            XCTAssertEqual(released, [])
            table.free()
        }
        XCTAssertEqual(released.sorted(), ["x", "y"])
    }
}

import Foundation
import MVVMRuntime

extension Generator {
    /// `main` for an application laid out by the conventions (Examples/Notes): its namespace is
    /// the one its registration states (`#registerApplication(namespace:)`), so the generator
    /// names it nowhere. See `Configuration.conventional(namespace:target:summary:imports:)` for
    /// where the files go.
    public static func main(
        application target: String, summary: String, imports: [String], arguments: [String] = CommandLine.arguments
    ) -> Int32 {
        let generatorName = URL(fileURLWithPath: arguments.first ?? "generate").lastPathComponent
        if let failure = TypeRegistry.shared.registrationFailure {
            FileHandle.standardError.write(Data("\(generatorName): the application's types could not be registered: \(failure)\n".utf8))
            return 2
        }
        let namespaces = Set(TypeCatalog.declarations.map(\.cNamespace))
        guard namespaces.count == 1, let namespace = namespaces.first else {
            let found = namespaces.isEmpty ? "none: the target registers no type" : namespaces.sorted().joined(separator: ", ")
            FileHandle.standardError.write(
                Data("\(generatorName): an application's types share one C namespace, its registration's; found \(found)\n".utf8))
            return 2
        }
        return main(.conventional(namespace: namespace, target: target, summary: summary, imports: imports), arguments: arguments)
    }
}

extension Generator.Configuration {
    /// An application's files where the conventions put them, for namespace "shop" and target
    /// "ShopApp": the header `Include/shop.h`, the typed exports in
    /// `Sources/ShopApp/Exports/Generated`, the generator `shop-generate`, and the plug-in
    /// table `shop_api` (`shop_get_api()`), whose initialiser is `Sources/CShop/api_table.h`
    /// in the system-library target `CShop` (modules `CShop` and `CShopAPITable`).
    public static func conventional(namespace: String, target: String, summary: String, imports: [String]) -> Self {
        let module = "C" + namespace.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return Self(
            applicationHeader: "Include/\(namespace).h", summary: summary, swiftExportsFolder: "Sources/\(target)/Exports/Generated",
            declarationsFolder: "Sources/\(target)", imports: imports, generatorName: "\(namespace)-generate",
            pluginTable: .init(
                structName: "\(namespace)_api", getterName: "\(namespace)_get_api", initialiserPath: "Sources/\(module)/api_table.h",
                headerModule: module, initialiserModule: "\(module)APITable", functionPrefix: "\(namespace)_"))
    }
}

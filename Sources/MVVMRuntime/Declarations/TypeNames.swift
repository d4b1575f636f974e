/// A type's name and the C names that follow from it, known without building its declaration:
/// what the registry checks and indexes when the type is registered. The declaration itself,
/// with its members' closures and the generic types they instantiate, is built when the type is
/// first used (a host that shows one screen builds one declaration).
public struct TypeNames: Sendable, Equatable {
    /// `TypeDeclaration.name`.
    public let name: String
    /// The C names' namespace: "app".
    public let cNamespace: String
    /// The type's part of its typed functions' names: "item_list".
    public let cPrefix: String

    /// `cPrefix` defaults to the name in snake case (`ItemList` → `item_list`), so a declaration
    /// states it only where the C name differs.
    public init(name: String, cNamespace: String = "mvvm", cPrefix: String? = nil) {
        self.name = name
        self.cNamespace = cNamespace
        self.cPrefix = cPrefix ?? CName.snakeCase(name)
    }

    /// The names of `declaration`.
    public init(_ declaration: TypeDeclaration) {
        self.init(name: declaration.name, cNamespace: declaration.cNamespace, cPrefix: declaration.cPrefix)
    }

    /// The start of the typed functions' names: "app_item_list".
    public var cFunctionPrefix: String { "\(cNamespace)_\(cPrefix)" }
}

/// A type's name and the start of its typed functions' names, known without building its
/// declaration: what the registry checks and indexes when the type is registered. The
/// declaration itself, with its members' closures and the generic types they instantiate, is
/// built when the type is first used (a host that shows one screen builds one declaration).
public struct TypeNames: Sendable, Equatable {
    /// `TypeDeclaration.name`.
    public let name: String
    /// `TypeDeclaration.cFunctionPrefix`: "app_item_list".
    public let cFunctionPrefix: String

    /// The names a declaration of these arguments has: `cPrefix` defaults to the name in snake
    /// case, as in `TypeDeclaration` and `ViewModelDeclaration`.
    public init(name: String, cNamespace: String = "mvvm", cPrefix: String? = nil) {
        self.name = name
        cFunctionPrefix = "\(cNamespace)_\(cPrefix ?? CName.snakeCase(name))"
    }

    /// The names of `declaration`.
    public init(_ declaration: TypeDeclaration) {
        name = declaration.name
        cFunctionPrefix = declaration.cFunctionPrefix
    }
}

/// A Swift enum with its declaration (`@Enumeration` writes the conformance): record fields,
/// properties and registration find the declaration from the type.
public protocol DeclaredEnum: Sendable, Equatable {
    static var declaration: EnumDeclaration<Self> { get }
}

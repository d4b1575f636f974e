import MVVMBindingCore
import Synchronization

extension EnumDeclaration {
    /// `ViewState` as a C enum (idle, loading, loaded, empty, failed: 0...4), for any loaded
    /// type: `EnumDeclaration(viewStateOf: Item.self)`, registered once (`app_view_state`
    /// with the prefix "app").
    public init<T>(viewStateOf type: T.Type) where Model == ViewState<T> {
        self.init(
            name: "ViewState", doc: "The state of data loaded asynchronously (ViewState).",
            cases: [
                .case("idle", doc: "Nothing requested yet.", where: { if case .idle = $0 { true } else { false } }),
                .case("loading", doc: "A request is in flight.", where: { $0.isLoading }),
                .case("loaded", doc: "The data arrived.", where: { $0.value != nil }),
                .case("empty", doc: "The request succeeded with nothing to show.", where: { if case .empty = $0 { true } else { false } }),
                .case("failed", doc: "The request failed; the error message says why.", where: { $0.errorMessage != nil }),
            ])
    }
}

/// `ViewState` is a declared enum whatever it holds: `ViewState<Item>.declaration` is
/// `EnumDeclaration(viewStateOf: Item.self)`, made once per `Item`, so a `@ViewModel`'s
/// `@Published var state: ViewState<Item>` is an enum property and `#registerApplication(enums:
/// [ViewState<Item>.self])` registers it (one `ViewState` per application: its C name is
/// `NAMESPACE_view_state` whatever `Item` is). Not a `DeclaredEnum` conformance: that protocol
/// requires `Sendable`, and a conditional conformance cannot depend on `Item: Sendable`.
extension ViewState {
    public static var declaration: EnumDeclaration<ViewState<T>> {
        ViewStateDeclarations.declaration(of: T.self)
    }
}

/// Each loaded type's `ViewState` declaration, made once (a generic type has no stored statics).
private enum ViewStateDeclarations {
    private static let made = Mutex<[ObjectIdentifier: any Sendable]>([:])

    static func declaration<T>(of type: T.Type) -> EnumDeclaration<ViewState<T>> {
        made.withLock { made in
            if let declaration = made[ObjectIdentifier(T.self)] as? EnumDeclaration<ViewState<T>> { return declaration }
            let declaration = EnumDeclaration(viewStateOf: T.self)
            made[ObjectIdentifier(T.self)] = declaration
            return declaration
        }
    }
}

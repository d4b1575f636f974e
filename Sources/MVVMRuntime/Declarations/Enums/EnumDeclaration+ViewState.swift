import MVVMBindingCore

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

import MVVMDomain
import MVVMFeatures
import MVVMRuntime

/// The seeds' app's enums, declared once; registered as `mvvm_loading`, `mvvm_view_state` and
/// `mvvm_navigation`.
enum SeedsEnums {
    static let loading = EnumDeclaration<UserListViewModel.Loading>(
        name: "Loading", doc: "What a user list is loading (\"loading\").",
        cases: [
            .case("none", .none),
            .case("full_screen", .fullScreen, doc: "The first page (or a refresh): a host shows a full-screen spinner."),
            .case("next_page", .nextPage, doc: "The next page: a host shows a spinner under the last row."),
        ])

    static let postState = EnumDeclaration(viewStateOf: PostDetail.self)

    /// The `action` of the coordinator's "navigate" signal (numbered from 1, as in 0.1).
    static let navigation = EnumDeclaration<NavigationEvent>(
        name: "Navigation", doc: "The coordinator's \"navigate\" action.",
        cases: [
            .case("push", number: 1, doc: "A screen was pushed: show it.", where: { if case .push = $0 { true } else { false } }),
            .case("pop", doc: "The top screen was popped: take it away.", where: { if case .pop = $0 { true } else { false } }),
        ])
}

import MVVMDomain
import MVVMFeatures
import MVVMRuntime

/// The seeds' app's enums, declared once; registered as `mvvm_loading` and `mvvm_view_state`.
enum SeedsEnums {
    static let loading = EnumDeclaration<UserListViewModel.Loading>(
        name: "Loading", doc: "What a user list is loading (\"loading\").",
        cases: [
            .case("none", .none),
            .case("full_screen", .fullScreen, doc: "The first page (or a refresh): a host shows a full-screen spinner."),
            .case("next_page", .nextPage, doc: "The next page: a host shows a spinner under the last row."),
        ])

    static let postState = EnumDeclaration(viewStateOf: PostDetail.self)
}

import CMVVM
import MVVMDomain
import MVVMFeatures
import MVVMRuntime

extension UserListViewModel: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<UserListViewModel>(
        name: "UserList",
        summary: "A paged list of users: rows are read by index in O(1) and change by change sets.",
        constructor: .new("Creates a user list over `repository` (which it keeps alive).", arguments: [.repository]) { arguments in
            let repository = arguments.repository(0)
            return (UserListViewModel(repository: repository.users), repository)
        },
        properties: [
            .enumeration(
                "loading", SeedsEnums.loading, "What the list is loading (mvvm_loading).",
                { $0.loading }, changes: { $0.$loading }),
            .optionalString(
                "error-message", "The last failed load's message; NULL when there is none.",
                out: "out_message", { $0.errorMessage }, changes: { $0.$errorMessage }),
            .int64("count", "The number of rows.", { $0.count }),
            .bool(
                "has-more-pages", "Whether a later page exists (0/1).", out: "out_has_more",
                { $0.hasMorePages }, derivedFrom: ["loading", "count"]),
        ],
        commands: [
            .command("on-appear", "Loads the first page if the list is empty.") { $0.onAppear() },
            .command("refresh", "Reloads from the first page, cancelling any load under way (its result never lands).") {
                $0.refresh()
            },
            .command(
                "did-display-row",
                """
                Tells the list that row `index` is on screen; when it is one of the last 3 rows (the \
                prefetch distance) and a later page exists, the next page loads. MVVM_E_OUT_OF_RANGE outside the rows.
                """, arguments: [.index("index", of: "rows")]
            ) { list, arguments throws(APIError) in
                list.didDisplayRow(at: try arguments.int(0, "index"))
                return .none
            },
            .command(
                "did-select-row", "Selects row `index`: emits \"user-selected\". MVVM_E_OUT_OF_RANGE outside the rows.",
                arguments: [.index("index", of: "rows")]
            ) { list, arguments throws(APIError) in
                list.didSelectRow(at: try arguments.int(0, "index"))
                return .none
            },
            .command("dismiss-error", "Clears the error message.") { $0.dismissError() },
        ],
        lists: [
            .list(
                "rows", item: "row", of: .user,
                """
                Row `index` in O(1). The strings are borrowed until the next call of a getter of this \
                object, a change of the list, or its destruction.
                """, out: "out_user", changes: .publisher { $0.rowChanges }, signal: "rows-changed",
                countProperty: "count", count: { $0.count }, item: { .record($0.users[$1]) })
        ],
        events: [.id("user-selected", "The user of a selected row.", { $0.userSelected })])
}

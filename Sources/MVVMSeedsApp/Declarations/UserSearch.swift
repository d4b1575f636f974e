import Dispatch
import MVVMBindingCore
import MVVMDomain
import MVVMFeatures
import MVVMRuntime

extension UserSearchViewModel: DeclaredViewModel where S == DispatchQueue {
    public nonisolated static var declaration: ViewModelDeclaration<UserSearchViewModel<DispatchQueue>> { userSearchDeclaration }
}

/// A global rather than a static: generic types have no stored statics.
private let userSearchDeclaration = ViewModelDeclaration<UserSearchViewModel<DispatchQueue>>(
    name: "UserSearch",
    summary: """
        Search-as-you-type over users: the query is debounced (300 ms on the main queue), trimmed \
        and de-duplicated; each new query cancels the search under way, so a stale query's results \
        never land. Results are a paged list like the user list's.
        """,
    constructor: .new("Creates a user search over `repository` (which it keeps alive).", arguments: [.repository]) { arguments in
        let repository = arguments.repository(0)
        return (UserSearchViewModel(repository: repository.users), repository)
    },
    properties: [
        .string(
            "query", "The query as typed. Never NULL.", { $0.query }, changes: { $0.$query }, set: { $0.query = $1 },
            setterDoc: "Sets the query (copied); the search runs 300 ms after the last change."),
        .bool("is-searching", "Whether a search is running (0/1).", { $0.isSearching }, changes: { $0.$isSearching }),
        .bool(
            "is-query-empty", "Whether the (debounced, trimmed) query is empty: no results, nothing searched (0/1).",
            { $0.isQueryEmpty }, changes: { $0.$isQueryEmpty }),
        .optionalString(
            "error-message", "The last failed search's message; NULL when there is none.", out: "out_message",
            { $0.errorMessage }, changes: { $0.$errorMessage }),
        .int64("count", "The number of results.", { $0.count }),
        .bool(
            "has-more-pages", "Whether more results exist (0/1).", out: "out_has_more", { $0.hasMorePages },
            changes: { $0.$hasMorePages }),
    ],
    commands: [
        .command(
            "did-display-row",
            """
            Tells the search that result `index` is on screen; within the last 3 results, the next page \
            loads. MVVM_E_OUT_OF_RANGE outside the results.
            """, arguments: [.index("index", of: "rows")]
        ) { search, arguments throws(APIError) in
            search.didDisplayRow(at: try arguments.int(0, "index"))
            return .none
        },
        .command(
            "did-select-row", "Selects result `index`: emits \"user-selected\". MVVM_E_OUT_OF_RANGE outside the results.",
            arguments: [.index("index", of: "rows")]
        ) { search, arguments throws(APIError) in
            search.didSelectRow(at: try arguments.int(0, "index"))
            return .none
        },
        .command("dismiss-error", "Clears the error message.") { $0.dismissError() },
    ],
    lists: [
        .list(
            "rows", item: "row", of: .user,
            """
            Result `index` in O(1), borrowed until the next getter call on this object, a change, or destruction.
            """, out: "out_user", changes: .publisher { $0.resultChanges.eraseToAnyPublisher() }, signal: "rows-changed",
            countProperty: "count", count: { $0.count }, item: { .record($0.results[$1]) })
    ],
    events: [.id("user-selected", "The user of a selected result.", { $0.userSelected })])

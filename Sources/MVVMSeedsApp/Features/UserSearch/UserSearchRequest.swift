import MVVMDomain

/// One page of one query, as the search pipeline asks the repository for it. The query is
/// already trimmed; an empty query means "clear the results" and never reaches the repository.
struct UserSearchRequest: Hashable, Sendable {
    /// The trimmed query.
    let query: String
    /// The 1-based page.
    let page: Int
}

/// What one step of the search pipeline produced, for the ViewModel to apply.
enum UserSearchOutcome: Sendable {
    /// The query became empty: no results, nothing searched.
    case cleared
    /// The repository answered `request` with `page`.
    case loaded(UserPage, for: UserSearchRequest)
    /// The repository failed `request` with `error`.
    case failed(any Error, for: UserSearchRequest)
}

import Dispatch
import FoundationEssentials
import MVVMBindingCore
import MVVMDomain
import MVVMRuntime

/// Search-as-you-type over users: the query is debounced (300 ms on the main queue), trimmed
/// and de-duplicated; each new query cancels the search under way, so a stale query's results
/// never land. Results are a paged list like the user list's.
///
/// The classic Combine screen: the host sets `query` on every keystroke and shows `results`,
/// which follow it. The pipeline: `$query` → `debounce(for: debounceInterval, scheduler:)` →
/// trimmed → `removeDuplicates()` → an empty query clears the results (`isQueryEmpty` becomes
/// true, nothing is searched), any other query searches its first page → `switchToLatest()`.
/// So a search starts only once typing pauses, typing the same query again (or adding a
/// trailing space) searches nothing, and a newer query supersedes the search in flight: its
/// result never lands, and the task running its repository call is cancelled.
///
/// Outputs: the rows (`results`, read by index), `resultChanges` (`.reset` when a query's first
/// page replaced them, `.insert` for an appended page), whether a search is running, whether
/// the query is empty, whether more pages exist, and an error message. Events:
/// `userSelected`. Commands: set `query`, `didDisplayRow(at:)` (loads the next page near the
/// end, the same rule as `UserListViewModel`), `didSelectRow(at:)`, `dismissError()`.
///
/// A failed search shows the error's message (a `DomainError`'s sentence) and keeps the
/// results shown before it; `dismissError()` clears the message, and a successful search does.
///
/// The scheduler must run its actions on the main actor: `DispatchQueue.main` (the
/// convenience initializer's, which the C API's constructor uses), or a `TestScheduler`
/// advanced from the main actor.
@ViewModel(specialization: DispatchQueue.self)
@MainActor
public final class UserSearchViewModel<S: Scheduler>: ObservableObject {

    // MARK: - Inputs

    /// The query as typed, never NULL; set it on every keystroke. Searched once it stops
    /// changing for the debounce interval (300 ms), trimmed of surrounding whitespace.
    @Published public var query = ""

    // MARK: - Outputs

    /// Whether a repository call (a query's first page or a next page) is running.
    @Published public private(set) var isSearching = false

    /// The empty-query state: true while the (debounced, trimmed) query is empty, when no
    /// results are shown and nothing is searched. A host shows a hint instead of a list.
    @Published public private(set) var isQueryEmpty = true

    /// The message of the last failed search, until `dismissError()` or a successful search
    /// clears it; nil (NULL) when there is none.
    @Exported(out: "out_message")
    @Published public private(set) var errorMessage: String?

    /// The number of results.
    public var count: Int { results.count }

    /// Whether the shown query has pages after the last loaded one.
    @Exported(out: "out_has_more")
    @Published public private(set) var hasMorePages = false

    /// The matching users, in the repository's order, read by index in O(1); `resultChanges`
    /// says how they changed, right after each edit (`objectWillChange` fires before it).
    @List("rows", item: "row", out: "out_user", changes: \UserSearchViewModel<DispatchQueue>.resultChanges, signal: "rows-changed", count: "count")
    public private(set) var results: [User] = []

    /// Every edit of `results`, sent right after the storage changed: `.reset` when a query's
    /// first page (or an empty query) replaced everything, `.insert` for an appended page.
    /// Applying them in order to a copy of the results keeps the copy equal to `results`.
    public let resultChanges = PassthroughSubject<ListChange, Never>()

    // MARK: - Events

    /// The user of a selected result.
    public let userSelected = PassthroughSubject<User.ID, Never>()

    // MARK: - Properties

    /// The next page is fetched when one of the last `prefetchDistance` rows is displayed:
    /// `UserListViewModel`'s default.
    private static var prefetchDistance: Int { 3 }

    private let repository: any UserRepository
    /// Next-page requests, merged into the query pipeline so a newer query supersedes them.
    private let nextPageRequests = PassthroughSubject<UserSearchRequest, Never>()
    /// The query whose results are shown, and the last page of it that was loaded.
    private var shownQuery = ""
    private var loadedPage = 0
    private var subscriptions: [AnyCancellable] = []

    // MARK: - Init

    /// Creates the search over `repository`; `query` is debounced by `debounceInterval` on
    /// `scheduler`, which must run its actions on the main actor.
    public init(repository: any UserRepository, scheduler: S, debounceInterval: S.SchedulerTimeType.Stride) {
        self.repository = repository
        $query
            .debounce(for: debounceInterval, scheduler: scheduler)
            .map { $0.trimmingWhitespacesAndNewlines() }
            .removeDuplicates()
            .map { UserSearchRequest(query: $0, page: 1) }
            .merge(with: nextPageRequests)
            .map { [weak self] request in
                self?.start(request) ?? Empty().eraseToAnyPublisher()
            }
            .switchToLatest()
            .sink { [weak self] outcome in self?.apply(outcome) }
            .store(in: &subscriptions)
    }

    /// Creates a user search over `repository` (which it keeps alive).
    @Constructor
    static func make(repository: RepositoryObject) -> UserSearchViewModel<DispatchQueue> {
        UserSearchViewModel<DispatchQueue>(repository: repository.users)
    }

    // MARK: - Actions

    /// Tells the search that result `index` is on screen. Fetches the next page of the shown
    /// query when the result is among the last 3, more pages exist, nothing is being searched
    /// and no error is shown (the user list's rule). An index outside the results does nothing
    /// (from a host: MVVM_E_OUT_OF_RANGE).
    @ListIndex(of: "rows")
    public func didDisplayRow(at index: Int) {
        guard results.indices.contains(index),
            index >= results.count - Self.prefetchDistance,
            hasMorePages, !isSearching, errorMessage == nil
        else { return }
        nextPageRequests.send(UserSearchRequest(query: shownQuery, page: loadedPage + 1))
    }

    /// Sends the id of the user of result `index` on `userSelected`. An index outside the
    /// results does nothing (from a host: MVVM_E_OUT_OF_RANGE).
    @ListIndex(of: "rows")
    public func didSelectRow(at index: Int) {
        guard results.indices.contains(index) else { return }
        userSelected.send(results[index].id)
    }

    /// Clears the error message.
    public func dismissError() {
        errorMessage = nil
    }

    /// Replaces the result showing `user.id` with `user` (after an edit was saved) and sends
    /// `.update` for that row. Does nothing when no result shows that user. The results stay
    /// those of the query: a renamed user that no longer matches stays until the next search.
    /// The coordinator's: not a host's command.
    @Hidden
    public func replaceUser(_ user: User) {
        guard let index = results.firstIndex(where: { $0.id == user.id }) else { return }
        objectWillChange.send()
        results[index] = user
        resultChanges.send(.update(index..<index + 1))
    }

    // MARK: - Searching

    /// The publisher that answers `request`: the cleared state for an empty query, otherwise
    /// the repository's answer.
    private func start(_ request: UserSearchRequest) -> AnyPublisher<UserSearchOutcome, Never> {
        guard !request.query.isEmpty else { return Just(.cleared).eraseToAnyPublisher() }
        if isQueryEmpty { isQueryEmpty = false }
        if !isSearching { isSearching = true }
        return Self.search(request, in: repository)
    }

    /// One repository call as a publisher: subscribing starts the call in a task, and
    /// cancelling the subscription (as `switchToLatest` does when a newer request arrives)
    /// cancels the task. The task holds the repository, not the ViewModel.
    private static func search(
        _ request: UserSearchRequest, in repository: any UserRepository
    ) -> AnyPublisher<UserSearchOutcome, Never> {
        Deferred {
            var task: Task<Void, Never>?
            return Future<UserSearchOutcome, Never> { promise in
                task = Task {
                    do {
                        let page = try await repository.searchUsers(query: request.query, page: request.page)
                        promise(.success(.loaded(page, for: request)))
                    } catch {
                        promise(.success(.failed(error, for: request)))
                    }
                }
            }
            .handleEvents(receiveCancel: { task?.cancel() })
        }
        .eraseToAnyPublisher()
    }

    private func apply(_ outcome: UserSearchOutcome) {
        switch outcome {
        case .cleared:
            shownQuery = ""
            loadedPage = 0
            if !results.isEmpty { replaceResults(with: []) }
            if hasMorePages { hasMorePages = false }
            if !isQueryEmpty { isQueryEmpty = true }
        case .loaded(let page, let request):
            if request.page == 1 {
                replaceResults(with: page.users)
            } else if !page.users.isEmpty {
                let start = results.count
                objectWillChange.send()
                results.append(contentsOf: page.users)
                resultChanges.send(.insert(start..<results.count))
            }
            shownQuery = request.query
            loadedPage = page.page
            hasMorePages = page.page < page.totalPages
            // An earlier failure is no longer the state of the search.
            if errorMessage != nil { errorMessage = nil }
        case .failed(let error, _) where error is CancellationError:
            break
        case .failed(let error, _):
            errorMessage = DomainError.message(for: error)
        }
        // Last, so a host hiding its spinner already sees the new results.
        if isSearching { isSearching = false }
    }

    private func replaceResults(with users: [User]) {
        objectWillChange.send()
        results = users
        resultChanges.send(.reset(count: users.count))
    }
}

extension UserSearchViewModel where S == DispatchQueue {
    /// Creates the search over `repository`, debouncing `query` by 300 ms on the main queue.
    public convenience init(repository: any UserRepository) {
        self.init(repository: repository, scheduler: DispatchQueue.main, debounceInterval: .milliseconds(300))
    }
}

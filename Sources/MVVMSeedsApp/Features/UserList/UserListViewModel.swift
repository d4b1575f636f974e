import FoundationEssentials
import MVVMBindingCore
import MVVMDomain
import MVVMRuntime

/// A paged list of users: rows are read by index in O(1) and change by change sets.
///
/// Seed 000's `UserListViewModel`, ready for any host. Outputs: the rows (`users`, read by
/// index), which kind of loading is in progress, an error message, and `rowChanges`, one
/// `ListChange` per edit of the rows so a host redraws only what changed. Events:
/// `userSelected`. Commands: `onAppear`, `refresh`, `didDisplayRow(at:)`, `didSelectRow(at:)`,
/// `dismissError`, `replaceUser(_:)` (the coordinator's, not a host's).
///
/// The rows are deliberately not `@Published`: a published array hands every subscriber the
/// whole array on every append, so appending a page would cost the size of the list. They
/// are plain storage instead; `objectWillChange` fires before each edit and `rowChanges`
/// after it, so appending a page costs the size of the page whatever the list holds.
///
/// A repository with a cache (`UserRepository.cachedUsers(page:)`) is shown at once: the
/// first load of an empty list puts the cached first page up while the fresh one loads, and
/// the fresh page then replaces it with the exact changes (`.update` for changed rows,
/// `.insert`/`.remove` at the end) instead of a `.reset`. If the fresh load fails, the cached
/// rows stay and the error shows until dismissed.
///
/// At most one load runs at a time: a new load (a refresh) cancels the one in flight, and
/// the result of a superseded load never lands, even from a repository that ignores task
/// cancellation, because each load carries a generation token that must still be current.
@ViewModel
@MainActor
public final class UserListViewModel: ObservableObject {

    /// What the list is loading, so a host can choose between a full-screen spinner and a
    /// spinner under the last row.
    @Enumeration
    public enum Loading: Equatable, Sendable {
        /// Nothing is loading.
        case none
        /// The first page (for the first time, or on a refresh): a full-screen spinner.
        case fullScreen
        /// The page after the last loaded one: a spinner under the last row.
        case nextPage
    }

    // MARK: - Outputs

    /// The rows, in display order, read by index in O(1); `rowChanges` says how they changed,
    /// right after each edit (`objectWillChange` fires before it).
    @List("rows", item: "row", out: "out_user", changes: \UserListViewModel.rowChanges, signal: "rows-changed", count: "count")
    public private(set) var users: [User] = []

    /// What the list is loading right now.
    @Published public private(set) var loading: Loading = .none

    /// The message of the last failed load, until `dismissError()` or a later successful load
    /// clears it; nil (NULL) when there is none.
    @Exported(out: "out_message")
    @Published public private(set) var errorMessage: String?

    /// The number of rows.
    public var count: Int { users.count }

    /// Whether a page after the last loaded one exists. True before the first load.
    @Exported(out: "out_has_more")
    @Changes(\UserListViewModel.loading, \UserListViewModel.count)
    public var hasMorePages: Bool { loadedPage < totalPages }

    /// Every edit of `users`, sent right after the storage changed: `.reset` when a first
    /// page replaced everything, `.insert` for an appended page (the range the new rows
    /// occupy), `.update` for a row replaced in place. Applying them in order to a copy of
    /// the rows keeps the copy equal to `users`.
    public var rowChanges: AnyPublisher<ListChange, Never> { rowChangeSubject.eraseToAnyPublisher() }

    // MARK: - Events

    /// The user of a selected row.
    public let userSelected = PassthroughSubject<User.ID, Never>()

    // MARK: - Properties

    /// How close to the last row a displayed row must be to fetch the next page: the next
    /// page is fetched when a row among the last `prefetchDistance` rows is displayed.
    @Hidden public let prefetchDistance: Int

    private let repository: any UserRepository
    private let rowChangeSubject = PassthroughSubject<ListChange, Never>()
    private var loadedPage = 0
    private var totalPages = 1
    private var loadTask: Task<Void, Never>?
    /// Whether the rows are a cached copy that the fresh first page has not replaced yet.
    private var rowsAreCached = false
    /// Incremented by every load; a result is applied only while its load's value is current.
    private var loadGeneration: UInt64 = 0

    // MARK: - Init

    /// Creates the list over `repository`. `prefetchDistance` (at least 1, default 3) is how
    /// many rows from the end displaying a row triggers the next page.
    public init(repository: any UserRepository, prefetchDistance: Int = 3) {
        self.repository = repository
        self.prefetchDistance = max(1, prefetchDistance)
    }

    /// Creates a user list over `repository` (which it keeps alive).
    @Constructor
    static func make(repository: RepositoryObject) -> UserListViewModel {
        UserListViewModel(repository: repository.users)
    }

    deinit {
        // The task holds `self` weakly, so it can't land anything after this; cancelling lets
        // a repository that honours cancellation stop its work early.
        loadTask?.cancel()
    }

    // MARK: - Actions

    /// Loads the first page when the list is empty and nothing is loading; otherwise does
    /// nothing, so a host may call it every time the list appears.
    public func onAppear() {
        guard users.isEmpty, loading == .none else { return }
        load(.fullScreen)
    }

    /// Reloads from the first page, cancelling any load in flight. The current rows stay
    /// until the first page arrives and replaces them (`.reset`).
    public func refresh() {
        load(.fullScreen)
    }

    /// Tells the list that row `index` is on screen. Fetches the next page when the row is
    /// among the last `prefetchDistance` rows (3 by default), more pages exist, nothing is
    /// loading and no error is shown (after a failure, scrolling retries only once the error
    /// was dismissed, instead of hammering a failing repository on every displayed row). An
    /// index outside the rows does nothing (from a host: MVVM_E_OUT_OF_RANGE).
    @ListIndex(of: "rows")
    public func didDisplayRow(at index: Int) {
        guard users.indices.contains(index),
            index >= users.count - prefetchDistance,
            hasMorePages, loading == .none, errorMessage == nil
        else { return }
        load(.nextPage)
    }

    /// Sends the id of the user of row `index` on `userSelected`. An index outside the rows does
    /// nothing (from a host: MVVM_E_OUT_OF_RANGE).
    @ListIndex(of: "rows")
    public func didSelectRow(at index: Int) {
        guard users.indices.contains(index) else { return }
        userSelected.send(users[index].id)
    }

    /// Clears the error message.
    public func dismissError() {
        errorMessage = nil
    }

    /// Replaces the row showing `user.id` with `user` (after an edit was saved) and publishes
    /// `.update` for that row. Does nothing when no row shows that user. O(n) in the rows:
    /// it runs once per save, not per frame. The coordinator's: not a host's command.
    @Hidden
    public func replaceUser(_ user: User) {
        guard let index = users.firstIndex(where: { $0.id == user.id }) else { return }
        objectWillChange.send()
        users[index] = user
        rowChangeSubject.send(.update(index..<index + 1))
    }

    // MARK: - Loading

    private func load(_ kind: Loading) {
        loadTask?.cancel()
        loadGeneration &+= 1
        let generation = loadGeneration
        let page = kind == .nextPage ? loadedPage + 1 : 1
        let repository = self.repository
        let showsCache = kind == .fullScreen && users.isEmpty
        if loading != kind { loading = kind }
        // The repository is awaited without holding `self`, so a list dismissed mid-load is
        // freed at once instead of living until the repository answers.
        loadTask = Task { [weak self] in
            if showsCache, let cached = await repository.cachedUsers(page: 1) {
                self?.showCached(cached, generation: generation)
            }
            let result: Result<UserPage, any Error>
            do {
                result = .success(try await repository.fetchUsers(page: page))
            } catch {
                result = .failure(error)
            }
            self?.finishLoad(kind, generation: generation, result: result)
        }
    }

    private func finishLoad(_ kind: Loading, generation: UInt64, result: Result<UserPage, any Error>) {
        // A newer load owns the rows and `loading` now; this result is stale.
        guard generation == loadGeneration, !Task.isCancelled else { return }
        loadTask = nil
        switch result {
        case .success(let page):
            apply(page, replacing: kind == .fullScreen)
            // An earlier failure is no longer the state of the list.
            if errorMessage != nil { errorMessage = nil }
        case .failure(let error) where error is CancellationError:
            break
        case .failure(let error):
            errorMessage = DomainError.message(for: error)
        }
        loading = .none
    }

    private func showCached(_ page: UserPage, generation: UInt64) {
        guard generation == loadGeneration, !Task.isCancelled, users.isEmpty else { return }
        apply(page, replacing: true)
        rowsAreCached = true
    }

    private func apply(_ page: UserPage, replacing: Bool) {
        loadedPage = page.page
        totalPages = page.totalPages
        if replacing && rowsAreCached {
            rowsAreCached = false
            let changes = ListChange.positionalChanges(from: users, to: page.users)
            guard !changes.isEmpty else { return }
            objectWillChange.send()
            users = page.users
            for change in changes { rowChangeSubject.send(change) }
        } else if replacing {
            objectWillChange.send()
            users = page.users
            rowChangeSubject.send(.reset(count: users.count))
        } else if !page.users.isEmpty {
            let start = users.count
            objectWillChange.send()
            users.append(contentsOf: page.users)
            rowChangeSubject.send(.insert(start..<users.count))
        }
    }
}

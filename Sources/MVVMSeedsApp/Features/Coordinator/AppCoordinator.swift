import MVVMBindingCore
import MVVMDomain
import MVVMRuntime

/// The flow: user list -> user detail on "user-selected" -> back on "did-save", with the list
/// row updated in place; from the list, `showSearch()` pushes the user search, whose selection
/// pushes the detail the same way (list -> search -> detail, and saving pops back to the
/// search).
///
/// Owns the app's navigation: creates each screen's ViewModel (injecting the repository),
/// listens to its events and decides what comes next (seed 001's coordinator, without UIKit).
/// Its C face (`CoordinatorObject`) hands the host each screen's handle.
///
/// The flow: `start()` pushes the user list; selecting a row pushes that user's detail;
/// saving the detail updates the list row in place and pops the detail; `back()` pops the top
/// screen. From the list, `showSearch()` pushes the user search, whose selection pushes the
/// detail the same way: list → search → detail, and saving pops back to the search. Every
/// stack change is published on `navigation`, after `stack` changed, so a host (a C program,
/// Python, a game loop) mirrors it by pushing and popping its views.
///
/// Only the top screen navigates: a selection on a covered screen is ignored.
///
/// A push caused by a selection happens during the selection's delivery: the coordinator
/// subscribed to `userSelected` when it created the screen, before anyone else could, so it
/// hears the selection first and pushes (and publishes `.push`) synchronously inside the
/// screen's `send`; subscribers that joined later receive the selected id only after the push
/// event. A host that needs "selected, then pushed" must reorder the two itself (the C runtime
/// is to do so in its signal queue).
///
/// The coordinator keeps each screen's ViewModel and its subscriptions exactly as long as the
/// screen is on the stack: a popped ViewModel is freed as soon as the host lets go of the
/// event. Subscriptions capture the coordinator weakly, so nothing forms a cycle.
@ViewModel("Coordinator", handle: "coordinator", object: CoordinatorObject.self)
@MainActor
public final class AppCoordinator {

    // MARK: - Outputs

    /// The navigation stack, bottom (the root) first (for C and Python, the "screens" list of
    /// `CoordinatorObject`).
    @Hidden public var stack: [Screen] { entries.map(\.screen) }

    /// Stack changes, sent after `stack` changed (for C and Python, the "navigate" event of
    /// `CoordinatorObject`).
    @Hidden public var navigation: AnyPublisher<NavigationEvent, Never> { navigationSubject.eraseToAnyPublisher() }

    // MARK: - Properties

    private struct Entry {
        let screen: Screen
        /// The coordinator's subscriptions to this screen's events, cancelled when it pops.
        var subscriptions: [AnyCancellable] = []
    }

    private let repository: any UserRepository
    private let navigationSubject = PassthroughSubject<NavigationEvent, Never>()
    private var entries: [Entry] = []

    // MARK: - Init

    /// Creates a coordinator whose screens read and write users through `repository`.
    public init(repository: any UserRepository) {
        self.repository = repository
    }

    /// Creates a coordinator over `repository` (which it keeps alive).
    @Constructor(out: "out_coordinator")
    static func make(repository: RepositoryObject) -> AppCoordinator {
        AppCoordinator(repository: repository.users)
    }

    // MARK: - Actions

    /// Pushes the user list as the root screen (the host hears a "navigate" push). Does
    /// nothing once started.
    public func start() {
        guard entries.isEmpty else { return }
        let list = UserListViewModel(repository: repository)
        var entry = Entry(screen: .userList(list))
        list.userSelected
            .sink { [weak self, weak list] id in
                guard let self, let list else { return }
                self.showUserDetail(id: id, from: list)
            }
            .store(in: &entry.subscriptions)
        push(entry)
    }

    /// Pops the top screen, as the host's back button does, and lets go of its ViewModel.
    /// The root screen stays: does nothing when only the root is on the stack.
    public func back() {
        guard entries.count > 1 else { return }
        pop()
    }

    /// Pushes the user search over the list. Does nothing unless the list is the top screen
    /// (before `start()`, or while a detail or a search is shown).
    public func showSearch() {
        guard case .userList? = entries.last?.screen else { return }
        let search = UserSearchViewModel(repository: repository)
        var entry = Entry(screen: .userSearch(search))
        search.userSelected
            .sink { [weak self, weak search] id in
                guard let self, let search else { return }
                self.showUserDetail(id: id, from: search)
            }
            .store(in: &entry.subscriptions)
        push(entry)
    }

    // MARK: - Flow

    /// Pushes the detail of user `id`, selected on the screen showing `source`.
    private func showUserDetail(id: User.ID, from source: AnyObject) {
        // Only the visible screen navigates: a second tap racing the first push is ignored.
        guard let top = entries.last, top.screen.viewModel === source else { return }
        let detail = UserDetailViewModel(repository: repository, id: id)
        var entry = Entry(screen: .userDetail(detail))
        detail.didSave
            .sink { [weak self, weak detail] saved in
                guard let self, let detail else { return }
                self.detailDidSave(detail, user: saved)
            }
            .store(in: &entry.subscriptions)
        push(entry)
    }

    private func detailDidSave(_ detail: UserDetailViewModel, user: User) {
        for screen in stack {
            switch screen {
            case .userList(let list): list.replaceUser(user)
            case .userSearch(let search): search.replaceUser(user)
            case .userDetail: break
            }
        }
        // Leave the detail only if it is still the top (it might be covered by then), back to
        // the list or the search it was opened from.
        if case .userDetail(let top)? = entries.last?.screen, top === detail {
            pop()
        }
    }

    // MARK: - Stack

    private func push(_ entry: Entry) {
        entries.append(entry)
        navigationSubject.send(.push(entry.screen))
    }

    private func pop() {
        guard let entry = entries.popLast() else { return }
        for subscription in entry.subscriptions { subscription.cancel() }
        navigationSubject.send(.pop(entry.screen))
    }
}

import FoundationEssentials
import MVVMBindingCore
import MVVMDomain
import MVVMRuntime

/// One user's detail screen with an editable name.
///
/// Seed 000's `UserDetailViewModel`. The host binds a text field to `draftName`, enables its
/// Save button from `canSave` and shows `validationMessage` next to the field and
/// `errorMessage` as an alert. `didSave` tells a coordinator that a new name was stored.
///
/// `canSave` and `validationMessage` are stored `@Published` values, recomputed whenever
/// `user`, `draftName` or `isSaving` change (and published only when they change), so hosts
/// subscribe to `$canSave` instead of polling. `canSave` holds when the user is loaded, the
/// draft differs from the stored name (`isDirty`), the draft is valid and no save is running.
/// The name saved is the draft trimmed of surrounding white space (see `UserNameValidator`
/// for the rules).
///
/// `errorMessage` says why the last attempt failed. When `save()` refused the draft, the
/// message is about that draft: it clears as soon as the draft is edited (any assignment to
/// `draftName`). A failed load's or save's message comes from the repository and is about the
/// attempt, not the draft: it stays while the user edits, until the next save attempt clears
/// or replaces it, a retried load that fails replaces it, or `dismissError()` clears it.
@ViewModel
@MainActor
public final class UserDetailViewModel: ObservableObject {

    // MARK: - Outputs

    /// The user as last loaded or saved; nil until loaded (the typed getter's *out_loaded is
    /// then 0 and *out_user untouched).
    @Published public private(set) var user: User? {
        didSet { updateDerivedState() }
    }

    /// The name being edited, never NULL; set by the host as the user types (validation runs
    /// at once: see `validationMessage`). Starts as the loaded name.
    @Published public var draftName = "" {
        didSet {
            // A refusal was about the previous draft.
            if errorMessageIsRefusal { errorMessage = nil }
            updateDerivedState()
        }
    }

    /// Whether a save is running.
    @Published public private(set) var isSaving = false {
        didSet { updateDerivedState() }
    }

    /// Whether the draft, trimmed, differs from the stored name. False until loaded.
    @Changes(\UserDetailViewModel.user, \UserDetailViewModel.draftName)
    public var isDirty: Bool {
        guard let user else { return false }
        return UserNameValidator.trimmed(draftName) != user.name
    }

    /// Whether `save()` would store the draft: loaded, dirty, valid and not already saving.
    @Published public private(set) var canSave = false

    /// Why the current draft can't be saved, updated as it changes; nil (NULL) when it can (and
    /// before the user is loaded, so an empty field doesn't complain while loading).
    @Exported(out: "out_message")
    @Published public private(set) var validationMessage: String?

    /// The message of the last failed load or save (until the next save or `dismissError()`),
    /// or why `save()` refused the draft (until the draft is edited); nil (NULL) when there is
    /// none. Swift code may set one (a message set so is not cleared by editing).
    @Exported(out: "out_message", readOnly: true)
    @Published public var errorMessage: String? {
        didSet { errorMessageIsRefusal = false }
    }

    /// Whether the user is being loaded.
    @Hidden @Published public private(set) var isLoading = false

    // MARK: - Events

    /// The user as stored, after each successful save.
    public let didSave = PassthroughSubject<User, Never>()

    // MARK: - Properties

    /// The id of the user this screen shows.
    @Hidden public let userID: User.ID

    private let repository: any UserRepository
    private let validator: UserNameValidator
    private var loadTask: Task<Void, Never>?
    /// Whether `errorMessage` is `save()`'s refusal of the draft, which editing clears.
    /// Any other assignment to `errorMessage` resets it.
    private var errorMessageIsRefusal = false

    // MARK: - Init

    /// Creates the screen for the user `id`, loaded from `repository` on `onAppear()`.
    public init(repository: any UserRepository, id: User.ID, validator: UserNameValidator = UserNameValidator()) {
        self.repository = repository
        self.userID = id
        self.validator = validator
    }

    /// Creates the detail screen of user `user_id` over `repository` (which it keeps alive).
    @Constructor
    static func make(repository: RepositoryObject, userId: Int) -> UserDetailViewModel {
        UserDetailViewModel(repository: repository.users, id: userId)
    }

    deinit {
        loadTask?.cancel()
    }

    // MARK: - Actions

    /// Loads the user, once: does nothing when already loaded or loading. After a failed
    /// load, calling it again retries.
    public func onAppear() {
        guard user == nil, !isLoading else { return }
        isLoading = true
        let repository = self.repository
        let id = userID
        // Awaited without holding `self`: a screen closed mid-load is freed at once.
        loadTask = Task { [weak self] in
            let result: Result<User, any Error>
            do {
                result = .success(try await repository.fetchUser(id: id))
            } catch {
                result = .failure(error)
            }
            self?.finishLoad(result)
        }
    }

    /// Stores the trimmed draft as the user's name. An invalid draft is refused with
    /// `errorMessage` (cleared again when the draft is edited) and the repository is not
    /// called; an unchanged draft, a save already running or a user not loaded yet make it do
    /// nothing. On success `user` and `draftName` become the stored user and `didSave` sends
    /// it; on failure the draft is kept and `errorMessage` says why. A save still running when
    /// the screen is released completes in the repository but is no longer reported.
    public func save() {
        guard let user, !isSaving else { return }
        let name: String
        switch validator.validate(draftName) {
        case .failure(let failure):
            errorMessage = failure.message
            errorMessageIsRefusal = true
            return
        case .success(let valid):
            name = valid
        }
        guard name != user.name else { return }
        var edited = user
        edited.name = name
        if errorMessage != nil { errorMessage = nil }
        isSaving = true
        let repository = self.repository
        Task { [weak self] in
            let result: Result<User, any Error>
            do {
                result = .success(try await repository.update(edited))
            } catch {
                result = .failure(error)
            }
            self?.finishSave(result)
        }
    }

    /// Clears the error message.
    @Hidden
    public func dismissError() {
        errorMessage = nil
    }

    // MARK: - Private

    private func finishLoad(_ result: Result<User, any Error>) {
        loadTask = nil
        isLoading = false
        switch result {
        case .success(let loaded):
            // Draft first: with the user still nil, no validation message flashes for "".
            draftName = loaded.name
            user = loaded
        case .failure(let error) where error is CancellationError:
            break
        case .failure(let error):
            errorMessage = DomainError.message(for: error)
        }
    }

    private func finishSave(_ result: Result<User, any Error>) {
        switch result {
        case .success(let saved):
            draftName = saved.name
            user = saved
            isSaving = false
            // State first, event last: a listener sees the screen as saved.
            didSave.send(saved)
        case .failure(let error):
            errorMessage = error is CancellationError ? nil : DomainError.message(for: error)
            isSaving = false
        }
    }

    /// Recomputes `validationMessage` and `canSave` from `user`, `draftName` and `isSaving`,
    /// assigning only what changed.
    private func updateDerivedState() {
        var message: String?
        var saveable = false
        // Nothing to say before the user is loaded. One validation: its trimmed name also
        // answers isDirty.
        if let user {
            switch validator.validate(draftName) {
            case .success(let name):
                saveable = name != user.name && !isSaving
            case .failure(let refusal):
                message = refusal.message
            }
        }
        if validationMessage != message { validationMessage = message }
        if canSave != saveable { canSave = saveable }
    }
}

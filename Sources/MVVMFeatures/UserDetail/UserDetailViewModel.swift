import Foundation
import MVVMBinding
import MVVMDomain

/// One user's detail screen with an editable name (seed 000's `UserDetailViewModel`).
///
/// The host binds a text field to `draftName`, enables its Save button from `canSave` and
/// shows `validationMessage` next to the field and `errorMessage` as an alert. `didSave`
/// tells a coordinator that a new name was stored.
///
/// `canSave` is a stored `@Published` value, recomputed whenever `user`, `draftName` or
/// `isSaving` change, so hosts subscribe to `$canSave` instead of polling. It holds when the
/// user is loaded, the draft differs from the stored name (`isDirty`), the draft is valid
/// and no save is running. The name saved is the draft trimmed of surrounding white space
/// (see `UserNameValidator` for the rules).
@MainActor
public final class UserDetailViewModel: ObservableObject {

    // MARK: - Outputs

    /// The user as last loaded or saved; nil until loaded.
    @Published public private(set) var user: User? {
        didSet {
            storedName = user?.name
            updateDerivedState()
        }
    }

    /// The name being edited; set by the host as the user types. Starts as the loaded name.
    /// (Its first value, "", is set in `init`, together with `draftNameReader`.)
    @Published public var draftName: String {
        didSet { updateDerivedState() }
    }

    /// Whether the user is being loaded.
    @Published public private(set) var isLoading = false

    /// Whether a save is running.
    @Published public private(set) var isSaving = false {
        // Only this class sets it, so the plain copy is never stale (see `saveIsRunning`).
        willSet { saveIsRunning = newValue }
        didSet { updateDerivedState() }
    }

    /// The message of the last failed load or save, or why `save()` refused the draft.
    @Published public var errorMessage: String?

    /// Why the current draft can't be saved, updated as it changes; nil when it can (and
    /// before the user is loaded, so an empty field doesn't complain while loading).
    @Published public private(set) var validationMessage: String?

    /// Whether `save()` would store the draft: loaded, dirty, valid and not already saving.
    @Published public private(set) var canSave = false

    /// Whether the draft, trimmed, differs from the stored name. False until loaded.
    public var isDirty: Bool {
        guard let storedName else { return false }
        return UserNameValidator.trimmed(draftName) != storedName
    }

    // MARK: - Events

    /// Sends the user as stored after each successful save; a coordinator listens.
    public let didSave = PassthroughSubject<User, Never>()

    // MARK: - Properties

    /// The id of the user this screen shows.
    public let userID: User.ID

    private let repository: any UserRepository
    private let validator: UserNameValidator
    private var loadTask: Task<Void, Never>?
    /// `user?.name`, kept beside `user` so that each keystroke compares the draft with it
    /// without copying the whole user out of its publisher.
    private var storedName: String?
    /// `isSaving`, kept as a plain field so that each keystroke reads it without reading the
    /// publisher back (a read takes the property's lock and retains its storage).
    private var saveIsRunning = false
    /// Reads `draftName` on each keystroke without copying its wrapper (this object owns the
    /// property, so the reader never outlives it).
    private let draftNameReader: UnsafePublishedReader<String>

    // MARK: - Init

    /// Creates the screen for the user `id`, loaded from `repository` on `onAppear()`.
    public init(repository: any UserRepository, id: User.ID, validator: UserNameValidator = UserNameValidator()) {
        self.repository = repository
        self.userID = id
        self.validator = validator
        let draft = Published(wrappedValue: "")
        _draftName = draft
        draftNameReader = draft.projectedValue.unsafeReader
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
    /// `errorMessage` and the repository is not called; an unchanged draft, a save already
    /// running or a user not loaded yet make it do nothing. On success `user` and
    /// `draftName` become the stored user and `didSave` sends it; on failure the draft is
    /// kept and `errorMessage` says why.
    ///
    /// A save still running when the ViewModel is released completes in the repository but
    /// is no longer reported.
    public func save() {
        guard let user, !isSaving else { return }
        let name: String
        switch validator.validate(draftName) {
        case .failure(let failure):
            errorMessage = failure.message
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
            errorMessage = error.localizedDescription
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
            errorMessage = error is CancellationError ? nil : error.localizedDescription
            isSaving = false
        }
    }

    /// What `validationMessage` and `canSave` should be now.
    private struct DerivedState: Equatable {
        var validationMessage: String?
        var canSave = false
    }

    /// `validationMessage` and `canSave` as last published. Only `updateDerivedState()`
    /// sets those two properties, so this always matches them; comparing against it saves
    /// reading both publishers back on every keystroke (each read takes the property's lock).
    private var publishedDerivedState = DerivedState()

    /// Recomputes `validationMessage` and `canSave`, publishing only real changes.
    private func updateDerivedState() {
        var next = DerivedState()
        // Nothing to say before the user is loaded. One validation per change; its trimmed
        // name also answers isDirty.
        if storedName != nil {
            switch validator.validate(draftNameReader.value) {
            case .success(let name):
                next.canSave = name != storedName && !saveIsRunning
            case .failure(let refused):
                next.validationMessage = refused.message
            }
        }
        guard next != publishedDerivedState else { return }
        let previous = publishedDerivedState
        publishedDerivedState = next
        if previous.validationMessage != next.validationMessage { validationMessage = next.validationMessage }
        if previous.canSave != next.canSave { canSave = next.canSave }
    }
}

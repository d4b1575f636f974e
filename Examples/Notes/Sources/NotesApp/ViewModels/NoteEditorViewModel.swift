import FoundationEssentials
import MVVMBindingCore
import MVVMRuntime

/// One note's editor, for a new note or a stored one: the host binds two text fields to
/// `draftTitle` and `draftBody`, enables Save from `canSave` and shows `validationMessage`.
///
/// The derived values are stored `@Published` values recomputed when a draft changes (and
/// published only when they change). The draft is dirty when its trimmed title or its body
/// differs from the stored note; it can be saved when dirty and valid (a title of 1 to 200
/// characters once trimmed). The repository answers later, so the editor calls it in `Task`s on
/// the main actor, as the seeds' `UserDetailViewModel` does; until a stored note has loaded,
/// nothing is dirty and nothing can be saved.
@ViewModel
@MainActor
public final class NoteEditorViewModel: ObservableObject {

    /// The longest title accepted, in characters.
    public static var maximumTitleLength: Int { 200 }

    // MARK: - Inputs

    /// The title being edited; validation runs at each change.
    @Published public var draftTitle: String { didSet { updateDerivedState() } }
    /// The body being edited.
    @Published public var draftBody: String { didSet { updateDerivedState() } }

    // MARK: - Outputs

    /// Whether the draft differs from the stored note.
    @Published public private(set) var isDirty = false
    /// Whether `save()` would store the draft: loaded, dirty, valid and not saving.
    @Published public private(set) var canSave = false
    /// `isDirty` and `canSave` in one value, for a status beside Save.
    @Published public private(set) var draftState = DraftState.unchanged
    /// Why the draft can't be saved; nil when it can, or when nothing was edited yet.
    @Exported(out: "out_message")
    @Published public private(set) var validationMessage: String?
    /// The last failed load's or save's message, until the next save that succeeds.
    @Exported(out: "out_message")
    @Published public private(set) var errorMessage: String?
    /// Whether the stored note is being loaded (only an editor of a stored note loads).
    @Published public private(set) var isLoading = false
    /// Whether a save is running; `canSave` is false meanwhile.
    @Published public private(set) var isSaving = false { didSet { updateDerivedState() } }

    /// The note as stored: the one edited once loaded, or an unsaved new note (id 0; also while
    /// a stored note is loading).
    @Hidden @Published public private(set) var note: Note { didSet { updateDerivedState() } }

    /// The stored note's id; 0 for a new note until its first save, and while the note loads.
    @Exported("note-id")
    @Changes(\NoteEditorViewModel.$note)
    public var storedNoteID: Int { note.id }

    /// The note as last stored; nil for a new note until its first save, and while the note
    /// loads.
    @Exported("note")
    @Changes(\NoteEditorViewModel.$note)
    public var storedNote: Note? { note.id == 0 ? nil : note }

    // MARK: - Events

    /// The note as stored, after each successful save.
    public let didSave = PassthroughSubject<Note, Never>()

    // MARK: - Properties

    private let repository: any NotesRepository
    private let now: () -> Double
    /// The stored note edited; nil for a new note.
    private let noteID: Note.ID?
    private var loadTask: Task<Void, Never>?

    /// Whether the note the drafts edit is known: a new note, or the stored one, loaded.
    private var isLoaded: Bool { noteID == nil || note.id != 0 }

    /// An editor of the stored note `noteID`, loaded from `repository` at once, or of a new note
    /// when it is nil; `now` gives the time a save stamps (seconds since 1970).
    public init(repository: any NotesRepository, noteID: Note.ID?, now: @escaping () -> Double) {
        self.repository = repository
        self.now = now
        self.noteID = noteID
        note = Note(title: "")
        draftTitle = ""
        draftBody = ""
        if let noteID { load(noteID) }
    }

    /// Creates an editor of note `note_id` of `store`, or of a new note when `note_id` is 0. A
    /// stored note is loaded ("is-loading" until it arrives); when the store has no such note,
    /// "error-message" says so and the editor cannot save.
    @Constructor
    static func make(store: NotesStore, noteID: Int) -> NoteEditorViewModel {
        NoteEditorViewModel(repository: store.repository, noteID: noteID == 0 ? nil : noteID, now: { MainQueue.wallTime })
    }

    deinit {
        // The tasks hold `self` weakly; cancelling lets a repository that honours it stop early.
        loadTask?.cancel()
    }

    // MARK: - Actions

    /// Stores the draft (title trimmed) when `canSave`; sends `didSave` once stored. A failed save
    /// keeps the draft and sets `errorMessage`; one running when the editor goes is not reported.
    public func save() {
        guard canSave else { return }
        var edited = note
        edited.title = draftTitle.trimmingWhitespacesAndNewlines()
        edited.body = draftBody
        edited.updatedAt = now()
        let savedDraft = (title: draftTitle, body: draftBody)
        isSaving = true
        let repository = self.repository
        Task { [weak self] in
            let result = await Result.awaiting { try await repository.save(edited) }
            self?.finishSave(result, of: savedDraft)
        }
    }

    // MARK: - Results

    private func load(_ id: Note.ID) {
        isLoading = true
        let repository = self.repository
        // Awaited without holding `self`: an editor closed mid-load is freed at once.
        loadTask = Task { [weak self] in
            let result = await Result.awaiting { try await repository.allNotes() }
            self?.finishLoad(id, result)
        }
    }

    private func finishLoad(_ id: Note.ID, _ result: Result<[Note], any Error>) {
        loadTask = nil
        isLoading = false
        switch result {
        case .success(let notes):
            guard let stored = notes.first(where: { $0.id == id }) else { return show(NotesStoreError.notFound(id)) }
            note = stored
            draftTitle = stored.title
            draftBody = stored.body  // recomputes: clean
        case .failure(let error):
            show(error)
        }
    }

    private func finishSave(_ result: Result<Note, any Error>, of savedDraft: (title: String, body: String)) {
        switch result {
        case .success(let stored):
            errorMessage = nil
            note = stored
            // The drafts become the stored note (the title as trimmed), unless edited since.
            if draftTitle == savedDraft.title, draftBody == savedDraft.body {
                draftTitle = stored.title
                draftBody = stored.body
            }
            isSaving = false  // recomputes: clean again, unless edited since
            // State first, event last: a listener sees the editor as saved.
            didSave.send(stored)
        case .failure(let error):
            show(error)
            isSaving = false
        }
    }

    /// Shows why a call failed; a cancelled one was closed with the editor: nothing to tell.
    private func show(_ error: any Error) {
        if !(error is CancellationError) { errorMessage = NotesStoreError.message(for: error) }
    }

    private func updateDerivedState() {
        let title = draftTitle.trimmingWhitespacesAndNewlines()
        let dirty = isLoaded && (title != note.title || draftBody != note.body)
        var message: String?
        if dirty {
            if title.isEmpty {
                message = "A note needs a title."
            } else if title.count > Self.maximumTitleLength {
                message = "A title has at most \(Self.maximumTitleLength) characters (this one has \(title.count))."
            }
        }
        if isDirty != dirty { isDirty = dirty }
        if validationMessage != message { validationMessage = message }
        let valid = dirty && message == nil
        let saveable = valid && !isSaving
        if canSave != saveable { canSave = saveable }
        let state: DraftState = !dirty ? .unchanged : valid ? .ready : .invalid
        if draftState != state { draftState = state }
    }
}

import MVVMBindingCore

/// One note's editor, for a new note or a stored one. The host binds two text fields to
/// `draftTitle` and `draftBody`, enables Save from `canSave`, shows `validationMessage` by the
/// title and `errorMessage` as an alert; `didSave` sends the note as stored.
///
/// `isDirty`, `canSave`, `draftState` and `validationMessage` are stored `@Published` values recomputed when
/// a draft changes (and published only when they change). The draft is dirty when its trimmed
/// title or its body differs from the stored note (a new note: when either is non-empty); it
/// can be saved when dirty and valid (a title of 1 to 200 characters once trimmed).
@MainActor
public final class NoteEditorViewModel: ObservableObject {

    /// The longest title accepted, in characters.
    public static var maximumTitleLength: Int { 200 }

    // MARK: - Inputs

    @Published public var draftTitle: String { didSet { updateDerivedState() } }
    @Published public var draftBody: String { didSet { updateDerivedState() } }

    // MARK: - Outputs

    @Published public private(set) var isDirty = false
    @Published public private(set) var canSave = false
    /// `isDirty` and `canSave` in one value, for a status beside Save.
    @Published public private(set) var draftState = DraftState.unchanged
    /// Why the draft can't be saved; nil when it can, or when nothing was edited yet.
    @Published public private(set) var validationMessage: String?
    /// The last failed save's message, until the next save.
    @Published public private(set) var errorMessage: String?

    /// The note as stored: the one edited, or an unsaved new note (id 0).
    @Published public private(set) var note: Note

    // MARK: - Events

    /// The note as stored, after each successful save.
    public let didSave = PassthroughSubject<Note, Never>()

    // MARK: - Properties

    private let repository: any NotesRepository
    private let now: () -> Double

    // MARK: - Init

    /// An editor of the stored note `noteID`, or of a new note when it is nil; `now` gives the
    /// time a save stamps (seconds since 1970). Refused when the note does not exist.
    public init(repository: any NotesRepository, noteID: Note.ID?, now: @escaping () -> Double) throws(NotesStoreError) {
        self.repository = repository
        self.now = now
        var edited = Note(title: "")
        if let noteID {
            guard let stored = try repository.allNotes().first(where: { $0.id == noteID }) else { throw .notFound(noteID) }
            edited = stored
        }
        note = edited
        draftTitle = edited.title
        draftBody = edited.body
    }

    // MARK: - Actions

    /// Stores the draft (title trimmed) when `canSave`; sends `didSave`. A failed save keeps
    /// the draft and sets `errorMessage`.
    public func save() {
        guard canSave else { return }
        var edited = note
        edited.title = draftTitle.trimmingWhitespacesAndNewlines()
        edited.body = draftBody
        edited.updatedAt = now()
        do {
            let stored = try repository.save(edited)
            errorMessage = nil
            note = stored
            draftTitle = stored.title
            draftBody = stored.body  // recomputes: clean again
            didSave.send(stored)
        } catch {
            errorMessage = error.message
        }
    }

    // MARK: - Private

    private func updateDerivedState() {
        let title = draftTitle.trimmingWhitespacesAndNewlines()
        let dirty = title != note.title || draftBody != note.body
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
        let saveable = dirty && message == nil
        if canSave != saveable { canSave = saveable }
        let state: DraftState = !dirty ? .unchanged : saveable ? .ready : .invalid
        if draftState != state { draftState = state }
    }
}

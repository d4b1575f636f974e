import CMVVM
import FoundationEssentials
import MVVMRuntime

extension NoteEditorViewModel: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<NoteEditorViewModel>(
        name: "NoteEditor", cNamespace: "notes",
        summary: "One note's editor: a draft title and body, saved when dirty and valid.",
        constructor: .new(
            """
            Creates an editor of note `note_id` of `store`, or of a new note when `note_id` is 0. \
            A stored note is loaded: "is-loading" is 1 until it arrives, then the drafts become its \
            title and body; when the store has no such note, "error-message" says so and the editor \
            cannot save.
            """, arguments: [.store, .int64("note_id")]
        ) { arguments throws(APIError) in
            let store = arguments.store(0)
            let id = try arguments.int(1, "note_id")
            let editor = NoteEditorViewModel(
                repository: store.viewModel.repository, noteID: id == 0 ? nil : id, now: { Date().timeIntervalSince1970 })
            return (editor, store)
        },
        properties: [
            .string(
                "draft-title", "The title being edited. Never NULL.", { $0.draftTitle }, changes: { $0.$draftTitle },
                set: { $0.draftTitle = $1 }, setterDoc: "Sets the draft title (copied); validation runs at once."),
            .string(
                "draft-body", "The body being edited. Never NULL.", { $0.draftBody }, changes: { $0.$draftBody },
                set: { $0.draftBody = $1 }, setterDoc: "Sets the draft body (copied)."),
            .bool("is-dirty", "Whether the draft differs from the stored note (0/1).", { $0.isDirty }, changes: { $0.$isDirty }),
            .bool(
                "can-save", "Whether save would store the draft: loaded, dirty, valid and not saving (0/1).", { $0.canSave },
                changes: { $0.$canSave }),
            .enumeration(
                "draft-state", DraftState.declaration, "Where the draft stands: unchanged, invalid or ready to save.",
                { $0.draftState }, changes: { $0.$draftState }),
            .optionalString(
                "validation-message", "Why the draft can't be saved; NULL when it can or nothing was edited.",
                out: "out_message", { $0.validationMessage }, changes: { $0.$validationMessage }),
            .optionalString(
                "error-message", "The last failed load's or save's message; NULL when there is none.",
                out: "out_message", { $0.errorMessage }, changes: { $0.$errorMessage }),
            .bool("is-loading", "Whether the stored note is being loaded (0/1).", { $0.isLoading }, changes: { $0.$isLoading }),
            .bool(
                "is-saving", "Whether a save is running (0/1); \"can-save\" is 0 meanwhile.", { $0.isSaving },
                changes: { $0.$isSaving }),
            .int64(
                "note-id", "The stored note's id; 0 for a new note until its first save, and while the note loads.",
                { $0.note.id }, changes: { $0.$note }),
            .optionalRecord(
                "note",
                """
                The note as last stored; absent for a new note until its first save, and while the note \
                loads. The typed getter sets \
                *out_loaded to 1 and fills *out_note when there is one; 0 (and *out_note untouched) before.
                """, absent: .loadedFlag, { $0.note.id == 0 ? nil : $0.note }, derivedFrom: ["note-id"]),
        ],
        commands: [
            .command(
                "save",
                """
                Saves the draft if \"can-save\"; emits \"did-save\" once stored. A failed save keeps the draft \
                and sets \"error-message\".
                """
            ) {
                $0.save()
            }
        ],
        events: [.record("did-save", "The note as stored, after each successful save.", { $0.didSave })])
}

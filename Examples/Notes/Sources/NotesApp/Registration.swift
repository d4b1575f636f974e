import Dispatch
import MVVMRuntime

/// The Notes app as the framework sees it: its record (`notes_note`), its enum
/// (`notes_draft_state`, before the editor that uses it) and its types, registered in this
/// order (so they are types 1, 2, 3 of libnotes.so).
public enum NotesTypes {
    static func register(into registry: TypeRegistry) throws(RegistrationError) {
        try registry.register(record: Note.self, prefix: "notes")
        try registry.register(enumeration: DraftState.self, prefix: "notes")
        try registry.register(NotesStore.declaration)
        try registry.register(NoteListViewModel<DispatchQueue>.declaration)
        try registry.register(NoteEditorViewModel.declaration)
    }
}

/// The application's registration function, which the framework calls once, on the registry's
/// first use. A refused registration (a programming error of this app) is kept: mvvm_init()
/// answers it with MVVM_E_STATE and its message.
@c(MVVMApplicationRegisterTypes) public func registerNotesAppTypes() {
    TypeRegistry.shared.registerApplication(NotesTypes.register(into:))
}

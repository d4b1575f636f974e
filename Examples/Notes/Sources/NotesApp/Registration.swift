import Dispatch
import MVVMRuntime

// The Notes app as the framework sees it: its enum and record, then its types in this order
// (types 1, 2, 3 of libnotes.so), each C name in the namespace "notes".
#registerApplication(
    namespace: "notes", enums: [DraftState.self], records: [Note.self],
    types: [NotesStore.self, NoteListViewModel<DispatchQueue>.self, NoteEditorViewModel.self])

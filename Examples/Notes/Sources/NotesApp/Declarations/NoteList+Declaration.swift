import CMVVM
import Dispatch
import MVVMBindingCore
import MVVMRuntime

extension NoteListViewModel: DeclaredViewModel where S == DispatchQueue {
    public nonisolated static var declaration: ViewModelDeclaration<NoteListViewModel<DispatchQueue>> { noteListDeclaration }
}

/// A global rather than a static: generic types have no stored statics.
private let noteListDeclaration = ViewModelDeclaration<NoteListViewModel<DispatchQueue>>(
    name: "NoteList", cNamespace: "notes",
    summary: """
        The notes, pinned first, then the most recently updated; rows are read by index in O(1) and \
        change by change sets. Search as you type: the query is debounced (250 ms on the main \
        queue), trimmed and matched against titles and bodies, ignoring case.
        """,
    constructor: .new("Creates the list of the notes of `store` (which it keeps alive).", arguments: [.exported("store", NotesStore.self)]) {
        arguments throws(APIError) in
        let store: NotesStore = try arguments.exported(0, "store")
        let list = NoteListViewModel(repository: store.repository, scheduler: DispatchQueue.main, debounceInterval: .milliseconds(250))
        return (list, arguments.keptAlive)
    },
    properties: [
        .string(
            "query", "The search text as typed. Never NULL.", { $0.query }, changes: { $0.$query }, set: { $0.query = $1 },
            setterDoc: "Sets the search text (copied); the rows follow 250 ms after the last change."),
        .optionalString(
            "error-message", "The last failed store call's message; NULL when there is none.", out: "out_message",
            { $0.errorMessage }, changes: { $0.$errorMessage }),
        .int64("count", "The number of rows.", { $0.count }),
    ],
    commands: [
        .command("on-appear", "Loads the notes if none is shown or loading.") { $0.onAppear() },
        .command(
            "reload",
            """
            Reads the notes again (after an editor saved one); the rows reset when they arrive. A reload \
            supersedes one in flight.
            """
        ) { $0.reload() },
        .command(
            "delete-row",
            """
            Deletes the note of row `index` and gives it back through `out_note` (for an Undo): its row \
            goes at once. If the store then refuses, the row comes back (an insert) and \"error-message\" \
            says why. MVVM_E_OUT_OF_RANGE outside the rows.
            """, arguments: [.index("index", of: "rows")], result: (Note.valueKind, "out_note")
        ) { list, arguments throws(APIError) in
            let index = try arguments.int(0, "index")
            // The runtime checked the index against the rows; nil only outside them.
            guard let deleted = list.delete(at: index) else { throw .outOfRange("row", index: Int64(index), count: list.count) }
            return .record(deleted)
        },
        .command(
            "toggle-pinned",
            """
            Pins or unpins the note of row `index`; once stored, it moves to its place. MVVM_E_OUT_OF_RANGE \
            outside the rows.
            """,
            arguments: [.index("index", of: "rows")]
        ) { list, arguments throws(APIError) in
            list.togglePinned(at: try arguments.int(0, "index"))
            return .none
        },
        .command(
            "did-select-row", "Selects row `index`: emits \"note-selected\". MVVM_E_OUT_OF_RANGE outside the rows.",
            arguments: [.index("index", of: "rows")]
        ) { list, arguments throws(APIError) in
            list.didSelectRow(at: try arguments.int(0, "index"))
            return .none
        },
        .command("dismiss-error", "Clears the error message.") { $0.dismissError() },
        .command(
            "restore",
            """
            Puts back `note`, a note delete-row gave (an Undo): it is stored again as a new note (with a \
            new id) and its row comes back once stored; if the store refuses, "error-message" says why. \
            MVVM_E_INVALID_ARGUMENT for a note that is not a stored one (its id is not positive).
            """, arguments: [.record("note", Note.self)]
        ) { list, arguments throws(APIError) in
            list.restore(arguments.record(0))
            return .none
        },
    ],
    lists: [
        .list(
            "rows", item: "row", of: Note.valueKind,
            """
            The note of row `index`, in O(1). Its strings are borrowed until the next getter call on \
            this object, a change, or its destruction.
            """, out: "out_note", changes: .publisher { $0.changes.eraseToAnyPublisher() }, signal: "rows-changed",
            countProperty: "count", count: { $0.count }, item: { .record($0.notes[$1]) })
    ],
    events: [.id("note-selected", "The id of the note of a selected row (open an editor on it).", { $0.noteSelected })])

// notes-generate [--check] [PACKAGE_FOLDER]: writes Include/notes.h, the typed exports and the
// plug-in table from the Notes app's declarations (linking NotesApp registers them), where the
// conventions put them; `--check` only verifies.
import Foundation
import MVVMGenerator
import NotesApp

exit(
    Generator.main(
        application: "NotesApp", summary: "Notes: a list of notes with search as you type, and a note editor (libnotes.so).",
        imports: ["CMVVM", "Dispatch", "MVVMRuntime"]))

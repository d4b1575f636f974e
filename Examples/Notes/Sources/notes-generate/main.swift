// notes-generate [--check] [PACKAGE_FOLDER]: writes Include/notes.h and the typed exports from
// the Notes app's declarations (linking NotesApp registers them); `--check` only verifies.
import Foundation
import MVVMGenerator
import NotesApp

exit(
    Generator.main(
        .init(
            applicationHeader: "Include/notes.h", summary: "Notes: a list of notes with search as you type, and a note editor (libnotes.so).",
            swiftExportsFolder: "Sources/NotesApp/Exports/Generated", declarationsFolder: "Sources/NotesApp",
            imports: ["CMVVM", "Dispatch", "MVVMRuntime"], generatorName: "notes-generate",
            pluginTable: .init(
                structName: "notes_api", getterName: "notes_get_api", initialiserPath: "Sources/CNotes/api_table.h",
                headerModule: "CNotes", initialiserModule: "CNotesAPITable", functionPrefix: "notes_"))))

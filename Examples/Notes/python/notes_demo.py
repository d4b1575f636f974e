"""Drives libnotes.so from Python: every class below is built from the library's
introspection (``mvvm_type_describe()``); no Python is written for the Notes app's types.
The store answers asynchronously, so each result arrives while the runtime's loop runs
(``runtime.run_until``).

    python3 notes_demo.py LIBNOTES_SO NOTES_FILE

NOTES_FILE must not exist yet. Exit status 0 when every flow behaved, 1 otherwise.
"""

from __future__ import annotations

import sys

import mvvm


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"notes_demo: FAILED: {what}")


def refused(error: type[mvvm.MvvmError], call: object) -> None:
    """Checks that ``call()`` raises ``error``, and prints the library's message."""
    assert callable(call)
    try:
        call()
    except error as exc:
        print(f"  refused as expected: {type(exc).__name__}: {exc.message}")
    else:
        raise SystemExit(f"notes_demo: FAILED: no {error.__name__}")


def titles(notes: object) -> list[str]:
    """The titles of the list's rows (each row is a Note record, built from introspection)."""
    return [row.title for row in notes.rows]  # type: ignore[attr-defined]


def settle(runtime: mvvm.Runtime) -> None:
    """Dispatches until nothing is pending: a result no signal announces (a delete the store
    accepted) has landed then, since this store answers in the dispatch that asks it."""
    while runtime.run(0):
        pass


def main(library: str, path: str) -> None:
    with mvvm.Runtime(library=library) as runtime:
        print("types:", ", ".join(name for name in mvvm.__all__ if name.startswith("Note")))
        store = mvvm.NotesStore(path)
        expect(store.is_persistent, "a file store is persistent")
        notes = mvvm.NoteList(store)
        changes: list[str] = []
        notes.connect("rows-changed", lambda batch: changes.append(" ".join(f"{c.kind.name.lower()}({c.start}, {c.count})" for c in batch)))
        selected: list[int] = []
        notes.connect("note-selected", selected.append)
        notes.on_appear()
        expect(runtime.run_until(lambda: bool(changes)), "the first load arrived")
        expect(notes.count == 0, "a new file has no notes")

        print("> write three notes in the editor")
        for title, body in [("Groceries", "milk, eggs"), ("Ideas", "a notes app on mvvm"), ("Trip", "pack the tent")]:
            editor = mvvm.NoteEditor(store, 0)
            saved: list[object] = []
            editor.connect("did-save", saved.append)
            expect(editor.note is None, "a new note has no stored note yet")
            editor.draft_body = body
            expect(editor.validation_message == "A note needs a title.", "an untitled note is refused")
            expect(str(editor.draft_state) == "DraftState.INVALID", "an untitled note's draft is invalid")
            editor.draft_title = title
            expect(editor.can_save, f"{title} can be saved")
            expect(str(editor.draft_state) == "DraftState.READY", f"{title}'s draft is ready")
            editor.save()
            expect(runtime.run_until(lambda: bool(saved)), "did-save arrived")
            stored = saved[0]
            expect(editor.note == stored, "the editor's note is the note as stored")
            expect(editor.note_id == stored.id and stored.title == title, "did-save carries the note as stored")  # type: ignore[attr-defined]
            expect(not editor.is_dirty, "the editor is clean after a save")
            editor.close()
        before = len(changes)
        notes.reload()
        expect(runtime.run_until(lambda: len(changes) > before), "the reload arrived")
        print("  rows:", titles(notes))
        expect(titles(notes) == ["Trip", "Ideas", "Groceries"], "the most recent first")
        first = notes.rows[0]
        print("  row 0:", first)
        expect(type(first).__name__ == "Note" and first.body == "pack the tent" and not first.pinned, "row 0 is Trip's record")

        print("> search as you type")
        before = len(changes)
        for typed in ("g", "gr", " GRO "):
            notes.query = typed
        expect(runtime.run_until(lambda: len(changes) > before), "the search's change set arrived")
        print("  rows:", titles(notes), "after", changes[-1])
        expect(titles(notes) == ["Groceries"], "the search found Groceries")
        before = len(changes)
        notes.query = ""
        expect(runtime.run_until(lambda: len(changes) > before), "clearing the search")

        print("> open a note from the list, edit it")
        notes.did_select_row(2)
        expect(runtime.run_until(lambda: bool(selected)), "note-selected arrived")
        editor = mvvm.NoteEditor(store, selected[0])
        expect(editor.is_loading, "the editor loads the selected note")
        expect(runtime.run_until(lambda: not editor.is_loading), "the selected note arrived")
        expect(editor.draft_title == "Groceries", "the editor shows the selected note")
        editor.draft_body = "milk, eggs, bread"
        saved = []
        editor.connect("did-save", saved.append)
        editor.save()
        expect(runtime.run_until(lambda: bool(saved)), "the edit was saved")
        editor.close()

        print("> pin Ideas, delete Trip")
        before = len(changes)
        notes.reload()
        expect(runtime.run_until(lambda: len(changes) > before), "the reload arrived")
        before = len(changes)
        notes.toggle_pinned(titles(notes).index("Ideas"))
        expect(runtime.run_until(lambda: len(changes) > before), "the pin was stored")
        deleted = notes.delete_row(titles(notes).index("Trip"))
        expect(type(deleted).__name__ == "Note" and deleted.title == "Trip", "delete-row gives the deleted note back")
        print("  rows:", titles(notes), "changes:", changes[-2:])
        expect(titles(notes) == ["Ideas", "Groceries"], "pinned first, Trip gone")
        expect(notes.rows[0].pinned, "Ideas is pinned")
        settle(runtime)
        expect(notes.error_message is None, "the store accepted the delete")

        print("> bad input")
        refused(mvvm.OutOfRangeError, lambda: notes.delete_row(9))
        missing = mvvm.NoteEditor(store, 99)
        expect(runtime.run_until(lambda: not missing.is_loading), "the missing note's load finished")
        print("  an editor of note 99:", missing.error_message)
        expect(missing.error_message == "There is no note 99 (it was deleted).", "an editor of a missing note says so")
        expect(not missing.can_save, "an editor of a missing note cannot save")
        missing.close()
        refused(mvvm.WrongTypeError, lambda: mvvm.NoteList(notes))
        refused(mvvm.InvalidUtf8Error, lambda: setattr(notes, "query", "\udc80"))
        refused(mvvm.UnknownNameError, lambda: notes.connect("no-such-signal", print))

        print("> a second store over the same file reads what was saved")
        again = mvvm.NoteList(mvvm.NotesStore(path))
        again.on_appear()
        expect(runtime.run_until(lambda: again.count > 0), "the second store's notes arrived")
        expect(titles(again) == ["Ideas", "Groceries"], "the file kept the notes")
    print("notes_demo: every flow passed")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: notes_demo.py LIBNOTES_SO NOTES_FILE")
    main(sys.argv[1], sys.argv[2])

"""Drives libnotes.so from Python: every class below is built from the library's
introspection (``mvvm_type_describe()``); no Python is written for the Notes app's types.
They are typed by the module ``notes`` beside this script (its ``__init__.pyi`` is generated
from the same introspection by ``make generate``), so ``mypy --strict notes_demo.py`` checks
every property, command and handler below.

    python3 notes_demo.py LIBNOTES_SO NOTES_FILE

NOTES_FILE must not exist yet. Exit status 0 when every flow behaved, 1 otherwise.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import mvvm
import notes  # its names once the library is loaded: notes.NoteList, not `from notes import`


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"notes_demo: FAILED: {what}")


def refused(error: type[mvvm.MvvmError], call: Callable[[], object]) -> None:
    """Checks that ``call()`` raises ``error``, and prints the library's message."""
    try:
        call()
    except error as exc:
        print(f"  refused as expected: {type(exc).__name__}: {exc.message}")
    else:
        raise SystemExit(f"notes_demo: FAILED: no {error.__name__}")


def titles(note_list: notes.NoteList) -> list[str]:
    """The titles of the list's rows (each row is a Note record, built from introspection)."""
    return [row.title for row in note_list.rows]


def main(library: str, path: str) -> None:
    with mvvm.Runtime(library=library) as runtime:
        print("types:", ", ".join(name for name in mvvm.__all__ if name.startswith("Note")))
        store = notes.NotesStore(path)
        expect(store.is_persistent, "a file store is persistent")
        note_list = notes.NoteList(store)
        changes: list[str] = []
        note_list.connect("rows-changed", lambda batch: changes.append(" ".join(f"{c.kind.name.lower()}({c.start}, {c.count})" for c in batch)))
        selected: list[int] = []
        note_list.connect("note-selected", selected.append)
        note_list.on_appear()
        expect(note_list.count == 0, "a new file has no notes")

        print("> write three notes in the editor")
        for title, body in [("Groceries", "milk, eggs"), ("Ideas", "a notes app on mvvm"), ("Trip", "pack the tent")]:
            editor = notes.NoteEditor(store, 0)
            saved: list[notes.Note] = []
            editor.connect("did-save", saved.append)
            expect(editor.note is None, "a new note has no stored note yet")
            editor.draft_body = body
            expect(editor.validation_message == "A note needs a title.", "an untitled note is refused")
            expect(editor.draft_state is notes.DraftState.INVALID, "an untitled note's draft is invalid")
            editor.draft_title = title
            expect(editor.can_save, f"{title} can be saved")
            expect(editor.draft_state is notes.DraftState.READY, f"{title}'s draft is ready")
            editor.save()
            expect(runtime.run_until(lambda: bool(saved)), "did-save arrived")
            stored = saved[0]
            expect(editor.note == stored, "the editor's note is the note as stored")
            expect(editor.note_id == stored.id and stored.title == title, "did-save carries the note as stored")
            expect(not editor.is_dirty, "the editor is clean after a save")
            editor.close()
        note_list.reload()
        print("  rows:", titles(note_list))
        expect(titles(note_list) == ["Trip", "Ideas", "Groceries"], "the most recent first")
        first = note_list.rows[0]
        print("  row 0:", first)
        expect(isinstance(first, notes.Note) and first.body == "pack the tent" and not first.pinned, "row 0 is Trip's record")

        print("> search as you type")
        before = len(changes)
        for typed in ("g", "gr", " GRO "):
            note_list.query = typed
        expect(runtime.run_until(lambda: len(changes) > before), "the search's change set arrived")
        print("  rows:", titles(note_list), "after", changes[-1])
        expect(titles(note_list) == ["Groceries"], "the search found Groceries")
        before = len(changes)
        note_list.query = ""
        expect(runtime.run_until(lambda: len(changes) > before), "clearing the search")

        print("> open a note from the list, edit it")
        note_list.did_select_row(2)
        expect(runtime.run_until(lambda: bool(selected)), "note-selected arrived")
        editor = notes.NoteEditor(store, selected[0])
        expect(editor.draft_title == "Groceries", "the editor shows the selected note")
        editor.draft_body = "milk, eggs, bread"
        editor.save()
        editor.close()

        print("> pin Ideas, delete Trip")
        note_list.reload()
        note_list.toggle_pinned(titles(note_list).index("Ideas"))
        deleted = note_list.delete_row(titles(note_list).index("Trip"))
        expect(isinstance(deleted, notes.Note) and deleted.title == "Trip", "delete-row gives the deleted note back")
        print("  rows:", titles(note_list), "changes:", changes[-2:])
        expect(titles(note_list) == ["Ideas", "Groceries"], "pinned first, Trip gone")
        expect(note_list.rows[0].pinned, "Ideas is pinned")

        print("> bad input")
        refused(mvvm.OutOfRangeError, lambda: note_list.delete_row(9))
        refused(mvvm.NotFoundError, lambda: notes.NoteEditor(store, 99))
        refused(mvvm.WrongTypeError, lambda: notes.NoteList(note_list))  # type: ignore[arg-type]  # on purpose
        refused(mvvm.InvalidUtf8Error, lambda: setattr(note_list, "query", "\udc80"))
        refused(mvvm.UnknownNameError, lambda: note_list.connect("no-such-signal", print))

        print("> a second store over the same file reads what was saved")
        again = notes.NoteList(notes.NotesStore(path))
        again.on_appear()
        expect(titles(again) == ["Ideas", "Groceries"], "the file kept the notes")
    print("notes_demo: every flow passed")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: notes_demo.py LIBNOTES_SO NOTES_FILE")
    main(sys.argv[1], sys.argv[2])

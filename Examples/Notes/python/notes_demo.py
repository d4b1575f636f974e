"""Drives libnotes.so from Python: every class below is built from the library's
introspection (``mvvm_type_describe()``); no Python is written for the Notes app's types.
They are typed by the module ``notes`` beside this script (its ``__init__.pyi`` is generated
from the same introspection by ``make generate``), so ``mypy --strict notes_demo.py`` checks
every property, command and handler below. The store answers asynchronously, so each result
arrives while the runtime's loop runs (``runtime.run_until``).

    python3 notes_demo.py LIBNOTES_SO NOTES_FILE

NOTES_FILE must not exist yet. Exit status 0 when every flow behaved, 1 otherwise.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
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


def settle(runtime: mvvm.Runtime) -> None:
    """Dispatches until nothing is pending: a result no signal announces (a delete the store
    accepted) has landed then, since this store answers in the dispatch that asks it."""
    while runtime.run(0):
        pass


class PythonNotes(mvvm.HostInterface):
    """The app's NotesRepository implemented in Python (mvvm_interface_describe() names its
    methods): the notes live in this list; a delete is answered later, through a Future."""

    def __init__(self) -> None:
        self.notes = [notes.Note(id=1, title="Kept by Python", body="", updated_at=1.0, pinned=False)]
        self.delete: concurrent.futures.Future[None] | None = None

    def all_notes(self) -> list[notes.Note]:
        return list(self.notes)

    def save_note(self, note: notes.Note) -> notes.Note:
        stored = notes.Note(id=note.id or len(self.notes) + 1, title=note.title, body=note.body,
                            updated_at=note.updated_at, pinned=note.pinned)
        self.notes = [n for n in self.notes if n.id != stored.id] + [stored]
        return stored

    def delete_note(self, id: int) -> concurrent.futures.Future[None]:
        self.delete = concurrent.futures.Future()
        return self.delete


def host_store(runtime: mvvm.Runtime) -> None:
    """A store whose notes Python keeps, driven by the same ViewModels."""
    print("> a store Python keeps (notes_repository_vtable, from introspection)")
    implementation = PythonNotes()
    store = notes.NotesStore.new_host(implementation)
    expect(not store.is_persistent, "a host's store is not persistent")
    note_list = notes.NoteList(store)
    note_list.on_appear()
    expect(runtime.run_until(lambda: note_list.count == 1), "the Python store's note arrived")
    editor = notes.NoteEditor(store, 0)
    saved: list[notes.Note] = []
    editor.connect("did-save", saved.append)
    editor.draft_title = "Written through the host"
    editor.save()
    expect(runtime.run_until(lambda: bool(saved)), "did-save from the Python store")
    expect([n.title for n in implementation.notes] == ["Kept by Python", "Written through the host"], "Python stored it")
    editor.close()
    note_list.reload()
    expect(runtime.run_until(lambda: note_list.count == 2), "the reload shows both")
    note_list.delete_row(0)
    expect(runtime.run_until(lambda: implementation.delete is not None), "the delete reached Python")
    assert implementation.delete is not None
    implementation.delete.set_exception(RuntimeError("Python keeps these notes read-only."))
    expect(runtime.run_until(lambda: note_list.error_message is not None), "the refusal is shown")
    print("  rows:", titles(note_list), "error:", note_list.error_message)
    expect(note_list.count == 2 and note_list.error_message == "Python keeps these notes read-only.", "the row came back")
    note_list.close()
    store.close()


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
        expect(runtime.run_until(lambda: bool(changes)), "the first load arrived")
        expect(note_list.count == 0, "a new file has no notes")

        print("> write three notes in the editor")
        for title, body in [("Groceries", "milk, eggs"), ("Ideas", "a notes app on mvvm"), ("Trip", "pack the tent")]:
            editor = notes.NoteEditor(store, 0)
            saved: list[notes.Note] = []
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
            expect(editor.note_id == stored.id and stored.title == title, "did-save carries the note as stored")
            expect(not editor.is_dirty, "the editor is clean after a save")
            editor.close()
        before = len(changes)
        note_list.reload()
        expect(runtime.run_until(lambda: len(changes) > before), "the reload arrived")
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
        note_list.reload()
        expect(runtime.run_until(lambda: len(changes) > before), "the reload arrived")
        before = len(changes)
        note_list.toggle_pinned(titles(note_list).index("Ideas"))
        expect(runtime.run_until(lambda: len(changes) > before), "the pin was stored")
        deleted = note_list.delete_row(titles(note_list).index("Trip"))
        expect(isinstance(deleted, notes.Note) and deleted.title == "Trip", "delete-row gives the deleted note back")
        print("  rows:", titles(note_list), "changes:", changes[-2:])
        expect(titles(note_list) == ["Ideas", "Groceries"], "pinned first, Trip gone")
        expect(note_list.rows[0].pinned, "Ideas is pinned")
        settle(runtime)
        expect(note_list.error_message is None, "the store accepted the delete")

        print("> undo: restore Trip from the record delete-row gave, then delete it again")
        refused(mvvm.InvalidArgumentError, lambda: note_list.restore(dataclasses.replace(deleted, id=0)))
        before = len(changes)
        note_list.restore(deleted)
        expect(runtime.run_until(lambda: len(changes) > before), "the restored row arrived")
        expect(titles(note_list) == ["Ideas", "Groceries", "Trip"], "Trip is back in its place")
        expect(note_list.rows[2].id != deleted.id, "restored as a new note")
        note_list.delete_row(2)
        settle(runtime)

        print("> bad input")
        refused(mvvm.OutOfRangeError, lambda: note_list.delete_row(9))
        missing = notes.NoteEditor(store, 99)
        expect(runtime.run_until(lambda: not missing.is_loading), "the missing note's load finished")
        print("  an editor of note 99:", missing.error_message)
        expect(missing.error_message == "There is no note 99 (it was deleted).", "an editor of a missing note says so")
        expect(not missing.can_save, "an editor of a missing note cannot save")
        missing.close()
        refused(mvvm.WrongTypeError, lambda: notes.NoteList(note_list))  # type: ignore[arg-type]  # on purpose
        refused(mvvm.InvalidUtf8Error, lambda: setattr(note_list, "query", "\udc80"))
        refused(mvvm.UnknownNameError, lambda: note_list.connect("no-such-signal", print))

        print("> a second store over the same file reads what was saved")
        again = notes.NoteList(notes.NotesStore(path))
        again.on_appear()
        expect(runtime.run_until(lambda: again.count > 0), "the second store's notes arrived")
        expect(titles(again) == ["Ideas", "Groceries"], "the file kept the notes")

        host_store(runtime)
    print("notes_demo: every flow passed")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: notes_demo.py LIBNOTES_SO NOTES_FILE")
    main(sys.argv[1], sys.argv[2])

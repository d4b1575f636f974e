"""An application's host interface implemented in Python: ``NotesStore.new_host(impl)`` over
a ``mvvm.HostInterface`` whose methods are the interface's members, found by introspection
(mvvm_interface_describe()) with no Python written for the interface. Runs when NOTES_LIBRARY
names the example's library (Tests/Examples/check-notes.sh sets it), each program in a fresh
interpreter (a process loads one library for good)."""

from __future__ import annotations

from test_any_library import NOTES_LIBRARY, needs_notes, run_python


@needs_notes
def test_a_python_class_implements_the_applications_interface_and_the_viewmodels_use_it() -> None:
    done = run_python(
        f"""
        import concurrent.futures
        import mvvm

        class PythonNotes(mvvm.HostInterface):
            def __init__(self):
                self.notes = [mvvm.Note(id=1, title="From Python", body="", updated_at=1.0, pinned=False)]
                self.cancels = []
                self.later = None

            def all_notes(self):
                return list(self.notes)

            def save_note(self, note):
                stored = mvvm.Note(id=len(self.notes) + 1, title=note.title, body=note.body, updated_at=2.0, pinned=note.pinned)
                self.notes.append(stored)
                return stored

            def delete_note(self, id):
                self.later = concurrent.futures.Future()  # answered later, by whoever completes it
                return self.later

            def cancelled(self, method):
                self.cancels.append(method)

        with mvvm.Runtime(library={NOTES_LIBRARY!r}) as runtime:
            impl = PythonNotes()
            store = mvvm.NotesStore.new_host(impl)
            print("persistent:", store.is_persistent)
            notes = mvvm.NoteList(store)
            changes = []
            notes.connect("rows-changed", lambda *change: changes.append(change))
            notes.on_appear()
            runtime.run_until(lambda: changes, 5.0)
            print("rows:", [row.title for row in notes.rows])

            editor = mvvm.NoteEditor(store, 0)
            saved = []
            editor.connect("did-save", saved.append)
            editor.draft_title = "Written in Python"
            editor.save()
            runtime.run_until(lambda: saved, 5.0)
            print("saved:", saved[0].id, saved[0].title, [note.title for note in impl.notes])

            notes.delete_row(0)
            runtime.run_until(lambda: impl.later is not None, 5.0)  # the delete's task called the host
            impl.later.set_exception(RuntimeError("read-only in Python"))
            runtime.run_until(lambda: notes.error_message, 5.0)
            print("error:", notes.error_message, len(notes.rows))

            class Incomplete(mvvm.HostInterface):
                def all_notes(self):
                    return []
            try:
                mvvm.NotesStore.new_host(Incomplete())
            except TypeError as error:
                print("incomplete:", error)
            print("no host constructor:", not hasattr(mvvm.NoteList, "new_host"))
        """
    )
    assert "persistent: False" in done.stdout
    assert "rows: ['From Python']" in done.stdout
    assert "saved: 2 Written in Python ['From Python', 'Written in Python']" in done.stdout
    assert "error: read-only in Python 1" in done.stdout
    assert "incomplete: Incomplete does not implement save_note, delete_note of NotesRepository" in done.stdout
    assert "no host constructor: True" in done.stdout


@needs_notes
def test_a_wrong_answer_fails_the_request_with_a_message_the_viewmodel_shows() -> None:
    done = run_python(
        f"""
        import mvvm

        class Wrong(mvvm.HostInterface):
            def all_notes(self):
                return ["not a note"]
            def save_note(self, note):
                return note
            def delete_note(self, id):
                return None

        with mvvm.Runtime(library={NOTES_LIBRARY!r}) as runtime:
            notes = mvvm.NoteList(mvvm.NotesStore.new_host(Wrong()))
            notes.on_appear()
            runtime.run_until(lambda: notes.error_message, 5.0)
            print("error:", notes.error_message)
        """
    )
    assert "error: TypeError: Wrong.all_notes: answer[0]" in done.stdout

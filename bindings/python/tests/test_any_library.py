"""The package drives any application's library, not only libmvvm.so: the seeds' own
functions are never required at load, ``mvvm.Runtime(library=...)`` loads the library asked
for, and a second, different library in the same process is refused.

Each test runs its program in a fresh interpreter: a process loads one library for good.
The tests of an application's own types run when NOTES_LIBRARY names the example's library
(Tests/Examples/check-notes.sh sets it); the others need only MVVM_LIBRARY.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mvvm
from mvvm import _ffi

NOTES_LIBRARY = os.environ.get("NOTES_LIBRARY")
needs_notes = pytest.mark.skipif(not NOTES_LIBRARY, reason="NOTES_LIBRARY (libnotes.so) is not set")


def run_python(program: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Runs ``program`` in a new interpreter with this package importable; fails on a crash."""
    package = str(Path(mvvm.__file__).resolve().parent.parent)
    environment = {**os.environ, "PYTHONPATH": package + os.pathsep + os.environ.get("PYTHONPATH", ""), **env}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(program)], env=environment, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, f"exit {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    return done


def test_the_seeds_functions_are_not_the_frameworks_and_not_required_at_load() -> None:
    from mvvm_seeds import _c

    # The seeds' own functions are bound by their package, never by the framework's table:
    # from its own prototypes, or (the repository's constructors) from their descriptions.
    assert "mvvm_request_resolve_user" in _c.PROTOTYPES
    assert "mvvm_repository_new_sample" not in _c.PROTOTYPES and "mvvm_repository_new_sample" not in _ffi.PROTOTYPES
    assert not set(_c.PROTOTYPES) & set(_ffi.PROTOTYPES)
    # Every function of the framework's table but the plug-in entry point is checked at load.
    assert _ffi.OPTIONAL == {"mvvm_get_api"}


def test_a_second_different_library_in_the_same_process_is_refused_and_the_same_one_again_is_not(
    tmp_path: Path,
) -> None:
    first = _ffi.library_path()
    assert first is not None
    other = tmp_path / "libother.so"
    shutil.copyfile(first, other)
    done = run_python(
        f"""
        import mvvm
        mvvm.load({first!r})
        mvvm.load({first!r})  # the same file again: nothing happens
        try:
            mvvm.Runtime(library={str(other)!r})
        except mvvm.LibraryConflictError as error:
            print("refused:", error)
        else:
            raise SystemExit("a second library was accepted")
        """
    )
    assert "refused: this process already uses" in done.stdout
    assert str(other) in done.stdout


def test_a_library_that_does_not_exist_is_LibraryNotFoundError_and_another_can_be_loaded_after(tmp_path: Path) -> None:
    first = _ffi.library_path()
    done = run_python(
        f"""
        import mvvm
        try:
            mvvm.Runtime(library={str(tmp_path / "libnothing.so")!r})
        except mvvm.LibraryNotFoundError as error:
            print("not found:", error)
        with mvvm.Runtime(library={first!r}):
            print("loaded")
        """
    )
    assert "not found:" in done.stdout and "libnothing.so: no such file" in done.stdout
    assert "loaded" in done.stdout


@needs_notes
def test_an_applications_types_records_and_enums_get_their_classes_from_introspection_with_no_python_written() -> None:
    done = run_python(
        f"""
        import mvvm
        with mvvm.Runtime(library={NOTES_LIBRARY!r}) as runtime:
            names = mvvm.__all__
            assert {{"NotesStore", "NoteList", "NoteEditor"}} <= set(names), names
            assert "UserList" not in names, names
            store = mvvm.NotesStore("")
            notes = mvvm.NoteList(store)
            editor = mvvm.NoteEditor(store, 0)
            saved = []
            editor.connect("did-save", saved.append)
            assert editor.draft_state is mvvm.DraftState.UNCHANGED, editor.draft_state
            editor.draft_title = "Groceries"
            assert editor.can_save and editor.is_dirty
            print("enum:", editor.draft_state is mvvm.DraftState.READY, int(mvvm.DraftState.READY), mvvm.DraftState.__doc__)
            editor.save()
            runtime.run_until(lambda: saved, 5.0)
            notes.reload()
            runtime.run_until(lambda: notes.count > 0, 5.0)
            print("rows:", [row.title for row in notes.rows], "saved:", [(note.id, note.title) for note in saved])
            print("record:", type(notes.rows[0]).__name__, notes.rows[0].pinned, type(notes.rows[0]) is mvvm.Note)
            try:
                notes.delete_row(5)
            except mvvm.OutOfRangeError as error:
                print("out of range:", error.message)
            missing = mvvm.NoteEditor(store, 99)
            runtime.run_until(lambda: not missing.is_loading, 5.0)
            print("not found:", missing.error_message)
        """
    )
    assert "rows: ['Groceries'] saved: [(1, 'Groceries')]" in done.stdout
    assert "record: Note False True" in done.stdout
    assert "enum: True 2 Where an editor's draft stands" in done.stdout
    assert "out of range: Row index 5 is out of range" in done.stdout
    assert "not found: There is no note 99" in done.stdout


@needs_notes
def test_the_seeds_functions_are_refused_by_name_on_an_application_library() -> None:
    done = run_python(
        f"""
        import mvvm
        from mvvm_seeds import _c
        mvvm.load({NOTES_LIBRARY!r})
        try:
            _c.C.mvvm_repository_new_sample
        except mvvm.MvvmError as error:
            print("refused:", error)
        """
    )
    assert "has no function mvvm_repository_new_sample" in done.stdout


@needs_notes
def test_the_stub_of_an_applications_library_types_its_classes_records_and_enums(tmp_path: Path) -> None:
    stub = tmp_path / "notes.pyi"
    run_python(f"""
        from mvvm import _stubgen
        raise SystemExit(_stubgen.main(["--library", {NOTES_LIBRARY!r}, "--module", "notes", "--output", {str(stub)!r}]))
        """)
    text = stub.read_text()
    classes = {node.name: node for node in ast.parse(text).body if isinstance(node, ast.ClassDef)}

    def returns(cls: str, member: str) -> str:
        """The return annotation of the first definition of ``member`` (a property's getter)."""
        node = next(n for n in classes[cls].body if isinstance(n, ast.FunctionDef) and n.name == member)
        assert node.returns is not None
        return ast.unparse(node.returns)

    def signature(cls: str, member: str) -> str:
        node = next(n for n in classes[cls].body if isinstance(n, ast.FunctionDef) and n.name == member)
        return ast.unparse(node.args)

    assert returns("NoteEditor", "draft_title") == "str"
    assert returns("NoteEditor", "draft_state") == "DraftState"
    assert returns("NoteEditor", "validation_message") == "str | None"
    assert returns("NoteEditor", "note") == "Note | None"
    assert returns("NoteEditor", "can_save") == "bool"
    assert signature("NoteEditor", "__init__") == "self, store: NotesStore, note_id: int"
    assert signature("NotesStore", "__init__") == "self, path: str, runtime: Runtime | None=..."
    assert returns("NoteList", "rows") == "IndexedView[Note]"
    assert returns("NoteList", "delete_row") == "Note"
    assert "def connect(self, signal: Literal['did-save'], handler: Callable[[Note], object]) -> Connection: ..." in text
    assert "def connect(self, signal: Literal['notify::draft-state'], handler: Callable[[DraftState], object])" in text
    # The enum, an IntEnum of the described cases.
    draft = classes["DraftState"]
    assert [ast.unparse(b) for b in draft.bases] == ["IntEnum"]
    cases = {ast.unparse(s.targets[0]): ast.unparse(s.value) for s in draft.body if isinstance(s, ast.Assign)}
    assert cases == {"UNCHANGED": "0", "INVALID": "1", "READY": "2"}
    # The record, a frozen dataclass of the described fields, in C order.
    note = classes["Note"]
    assert [ast.unparse(d) for d in note.decorator_list] == ["dataclass(frozen=True)"]
    fields = [(ast.unparse(s.target), ast.unparse(s.annotation)) for s in note.body if isinstance(s, ast.AnnAssign)]
    assert fields == [("id", "int"), ("title", "str"), ("body", "str"), ("updated_at", "float"), ("pinned", "bool")]
    # Kind 7 is Note here: no seeds' record leaks in from a table of libmvvm's kinds.
    assert not {"User", "Post", "Comment", "Repository"} & set(re.findall(r"\w+", text))
    assert [ast.unparse(b) for b in classes["ObjectType"].bases] == ["IntEnum"]
    assert "libnotes.so's classes" in text.splitlines()[0]

"""The Notes app's types in Python, typed: NotesStore, NoteList, NoteEditor, the record Note and
the enum DraftState (and ObjectType).

    import mvvm
    import notes

    with mvvm.Runtime(library="ship/lib/libnotes.so"):
        editor = notes.NoteEditor(notes.NotesStore(""), 0)
        editor.draft_title = "Groceries"      # mypy knows draft_title is a str

Each name is mvvm's class of that name, built from the library the process loaded
(``mvvm.Runtime(library=...)`` or ``mvvm.load(...)``, first): this file only forwards, so it
never changes. Their types are in ``__init__.pyi`` beside it, which ``make generate`` writes
from libnotes.so's introspection (``python -m mvvm._stubgen --module notes``) and
``make check-generated`` keeps fresh; mypy reads that instead of this file.
"""

from __future__ import annotations

import mvvm


def __getattr__(name: str) -> object:
    if name.startswith("__"):  # dunders (__all__, __path__...) are this module's, not mvvm's
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        value = getattr(mvvm, name)
    except AttributeError:
        raise AttributeError(
            f"module {__name__!r} has no attribute {name!r}: the library this process loaded has no type,"
            " record or enum of that name (load libnotes.so first: mvvm.Runtime(library=...))"
        ) from None
    mvvm.check_module_schema(__name__)  # the library against these stubs (SchemaMismatchError)
    globals()[name] = value  # later lookups are plain module attributes
    return value

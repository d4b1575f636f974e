# The types of libnotes.so's classes, records and enums, from its introspection
# (mvvm_type_describe(), mvvm_record_describe(), mvvm_enum_list()), for type checkers;
# at run time the module notes gives mvvm's classes, built from the library it loaded.
# Generated; do not edit. Regenerate: make generate

from asyncio import AbstractEventLoop
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Literal, overload

from mvvm import Connection, HostInterface, IndexedView, ListChange, MvvmObject, Runtime
from mvvm import ListChangeKind, ViewState

__all__: list[str] = ['ObjectType', 'NotesStore', 'NoteList', 'NoteEditor', 'Note', 'DraftState']

class ObjectType(IntEnum):
    """mvvm_type: the type of an object."""
    NOTES_STORE = 1
    NOTE_LIST = 2
    NOTE_EDITOR = 3

class DraftState(IntEnum):
    """Where an editor's draft stands, in one value: what a host shows beside Save ("Saved", "Fix the title", "Unsaved changes") without combining `isDirty` and `canSave` itself."""
    UNCHANGED = 0
    INVALID = 1
    READY = 2

@dataclass(frozen=True)
class Note:
    """A note: what the list shows and the editor edits."""
    id: int
    title: str
    body: str
    updated_at: float
    pinned: bool

class NotesStore(MvvmObject):
    """Opens the notes file at `path` (created on the first save), or a store in memory when `path` is "". A file that cannot be read or decoded is refused with MVVM_E_SYSTEM."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, path: str, runtime: Runtime | None = ...) -> None:
        """Opens the notes file at `path` (created on the first save), or a store in memory when `path` is "". A file that cannot be read or decoded is refused with MVVM_E_SYSTEM."""
    @classmethod
    def new_host(cls, impl: HostInterface, runtime: Runtime | None = ..., loop: AbstractEventLoop | None = ...) -> NotesStore:
        """A NotesStore over a Python implementation of NotesRepository (its methods: all_notes, save_note, delete_note)."""
    @property
    def is_persistent(self) -> bool:
        """Whether the notes are kept in a file; false for a host's store."""
    @overload
    def connect(self, signal: Literal['notify::is-persistent'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class NoteList(MvvmObject):
    """Creates the list of the notes of `store` (which it keeps alive), its query debounced by 250 ms on the main queue."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, store: NotesStore) -> None:
        """Creates the list of the notes of `store` (which it keeps alive), its query debounced by 250 ms on the main queue."""
    def on_appear(self) -> None:
        """Loads the notes when none is shown and none is loading."""
    def reload(self) -> None:
        """Reads every note again (after an editor saved one, say) and resets the rows when the notes arrive, cancelling a load in flight."""
    def delete_row(self, index: int) -> Note:
        """Deletes the note of row `index` and returns it (for an Undo), or nil outside the rows. The row goes at once (`.remove`); if the store refuses, the note comes back in its place (`.insert`, when the filter still shows it) and "error-message" says why."""
    def toggle_pinned(self, index: int) -> None:
        """Pins or unpins the note of row `index`; once stored, it moves to its place in the order (`.remove` then `.insert`)."""
    def did_select_row(self, index: int) -> None:
        """Sends the id of the note of row `index` on "note-selected" (ignored outside the rows)."""
    def dismiss_error(self) -> None:
        """Clears "error-message"."""
    def restore(self, note: Note) -> None:
        """Puts back a note "delete-row" gave (an Undo): stores a copy as a new note and inserts its row once stored, when the filter shows it; if the store refuses, "error-message" says why."""
    def set_query(self, query: str) -> None:
        """Sets "query" (strings are copied)."""
    @property
    def query(self) -> str:
        """The search text as typed; set it on every keystroke."""
    @query.setter
    def query(self, value: str) -> None: ...
    @property
    def error_message(self) -> str | None:
        """The last failed store call's message, until the next one that succeeds or "dismiss-error"."""
    @property
    def count(self) -> int:
        """The number of rows."""
    @property
    def rows(self) -> IndexedView[Note]:
        """The notes matching the (debounced) query, in list order, read by index in O(1). Plain storage: "rows-changed" says how it changed, right after each edit."""
    def row(self, index: int) -> Note:
        """The notes matching the (debounced) query, in list order, read by index in O(1). Plain storage: "rows-changed" says how it changed, right after each edit."""
    @overload
    def connect(self, signal: Literal['notify::query'], handler: Callable[[str], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::error-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::count'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['rows-changed'], handler: Callable[[list[ListChange]], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['note-selected'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class NoteEditor(MvvmObject):
    """Creates an editor of note `note_id` of `store`, or of a new note when `note_id` is 0. A stored note is loaded ("is-loading" until it arrives); when the store has no such note, "error-message" says so and the editor cannot save."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, store: NotesStore, note_id: int) -> None:
        """Creates an editor of note `note_id` of `store`, or of a new note when `note_id` is 0. A stored note is loaded ("is-loading" until it arrives); when the store has no such note, "error-message" says so and the editor cannot save."""
    def save(self) -> None:
        """Stores the draft (title trimmed) when "can-save"; sends "did-save" once stored. A failed save keeps the draft and sets "error-message"; one running when the editor goes is not reported."""
    def set_draft_title(self, draft_title: str) -> None:
        """Sets "draft-title" (strings are copied)."""
    @property
    def draft_title(self) -> str:
        """The title being edited; validation runs at each change."""
    @draft_title.setter
    def draft_title(self, value: str) -> None: ...
    def set_draft_body(self, draft_body: str) -> None:
        """Sets "draft-body" (strings are copied)."""
    @property
    def draft_body(self) -> str:
        """The body being edited."""
    @draft_body.setter
    def draft_body(self, value: str) -> None: ...
    @property
    def is_dirty(self) -> bool:
        """Whether the draft differs from the stored note."""
    @property
    def can_save(self) -> bool:
        """Whether "save" would store the draft: loaded, dirty, valid and not saving."""
    @property
    def draft_state(self) -> DraftState:
        """"is-dirty" and "can-save" in one value, for a status beside Save."""
    @property
    def validation_message(self) -> str | None:
        """Why the draft can't be saved; nil when it can, or when nothing was edited yet."""
    @property
    def error_message(self) -> str | None:
        """The last failed load's or save's message, until the next save that succeeds."""
    @property
    def is_loading(self) -> bool:
        """Whether the stored note is being loaded (only an editor of a stored note loads)."""
    @property
    def is_saving(self) -> bool:
        """Whether a save is running; "can-save" is false meanwhile."""
    @property
    def note_id(self) -> int:
        """The stored note's id; 0 for a new note until its first save, and while the note loads."""
    @property
    def note(self) -> Note | None:
        """The note as last stored; nil for a new note until its first save, and while the note loads."""
    @overload
    def connect(self, signal: Literal['notify::draft-title'], handler: Callable[[str], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::draft-body'], handler: Callable[[str], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-dirty'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::can-save'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::draft-state'], handler: Callable[[DraftState], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::validation-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::error-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-loading'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-saving'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::note-id'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::note'], handler: Callable[[Note | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['did-save'], handler: Callable[[Note], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

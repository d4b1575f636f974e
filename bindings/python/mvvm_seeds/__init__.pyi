# The types of libmvvm.so's classes, records and enums, from its introspection
# (mvvm_type_describe(), mvvm_record_describe(), mvvm_enum_list()), for type checkers;
# at run time the module mvvm_seeds gives mvvm's classes, built from the library it loaded.
# Generated; do not edit. Regenerate: cd bindings/python && python3 -m mvvm._stubgen --library /path/to/libmvvm.so --module mvvm_seeds --reexport mvvm_seeds.host --output mvvm_seeds/__init__.pyi

from asyncio import AbstractEventLoop
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Literal, overload

from mvvm import Connection, HostInterface, IndexedView, ListChange, MvvmObject, Runtime
from mvvm import ListChangeKind, ViewState
from mvvm_seeds._overrides import CoordinatorOverrides, RepositoryOverrides, SortedIntegersOverrides
from mvvm_seeds.host import HostRepository, UserPage

__all__: list[str] = ['ObjectType', 'Repository', 'UserList', 'UserDetail', 'PostDetail', 'SortedIntegers', 'Stopwatch', 'Coordinator', 'UserSearch', 'User', 'Post', 'Comment', 'Loading', 'Navigation', 'HostRepository', 'UserPage']

class ObjectType(IntEnum):
    """mvvm_type: the type of an object."""
    REPOSITORY = 1
    USER_LIST = 2
    USER_DETAIL = 3
    POST_DETAIL = 4
    SORTED_INTEGERS = 5
    STOPWATCH = 6
    COORDINATOR = 7
    USER_SEARCH = 8

class Loading(IntEnum):
    """What the list is loading, so a host can choose between a full-screen spinner and a spinner under the last row."""
    NONE = 0
    FULL_SCREEN = 1
    NEXT_PAGE = 2

class Navigation(IntEnum):
    """The coordinator's "navigate" action."""
    PUSH = 1
    POP = 2

@dataclass(frozen=True)
class User:
    """A user."""
    id: int
    name: str
    email: str

@dataclass(frozen=True)
class Post:
    """A post with its author's name and its counts."""
    id: int
    title: str
    body: str
    author_name: str
    created_at: float
    likes_count: int
    liked_by_current_user: bool
    comments_count: int

@dataclass(frozen=True)
class Comment:
    """A comment on a post."""
    id: int
    author_name: str
    body: str

class Repository(RepositoryOverrides):
    """A data source. ViewModels keep it alive (in C and in Python). Made by
    :meth:`sample`, :meth:`json_file`, :meth:`sqlite`, :meth:`http` or :meth:`host`.
    """
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]

class UserList(MvvmObject):
    """Creates a user list over `repository` (which it keeps alive)."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, repository: Repository) -> None:
        """Creates a user list over `repository` (which it keeps alive)."""
    def on_appear(self) -> None:
        """Loads the first page when the list is empty and nothing is loading; otherwise does nothing, so a host may call it every time the list appears."""
    def refresh(self) -> None:
        """Reloads from the first page, cancelling any load in flight. The current rows stay until the first page arrives and replaces them (`.reset`)."""
    def did_display_row(self, index: int) -> None:
        """Tells the list that row `index` is on screen. Fetches the next page when the row is among the last `prefetchDistance` rows (3 by default), more pages exist, nothing is loading and no error is shown (after a failure, scrolling retries only once the error was dismissed, instead of hammering a failing repository on every displayed row). An index outside the rows does nothing (from a host: MVVM_E_OUT_OF_RANGE)."""
    def did_select_row(self, index: int) -> None:
        """Sends the id of the user of row `index` on "user-selected". An index outside the rows does nothing (from a host: MVVM_E_OUT_OF_RANGE)."""
    def dismiss_error(self) -> None:
        """Clears the error message."""
    @property
    def loading(self) -> Loading:
        """What the list is loading right now."""
    @property
    def error_message(self) -> str | None:
        """The message of the last failed load, until "dismiss-error" or a later successful load clears it; nil (NULL) when there is none."""
    @property
    def count(self) -> int:
        """The number of rows."""
    @property
    def has_more_pages(self) -> bool:
        """Whether a page after the last loaded one exists. True before the first load."""
    @property
    def rows(self) -> IndexedView[User]:
        """The rows, in display order, read by index in O(1); "rows-changed" says how they changed, right after each edit (`objectWillChange` fires before it)."""
    def row(self, index: int) -> User:
        """The rows, in display order, read by index in O(1); "rows-changed" says how they changed, right after each edit (`objectWillChange` fires before it)."""
    @overload
    def connect(self, signal: Literal['notify::loading'], handler: Callable[[Loading], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::error-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::count'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::has-more-pages'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['rows-changed'], handler: Callable[[list[ListChange]], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['user-selected'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class UserDetail(MvvmObject):
    """Creates the detail screen of user `user_id` over `repository` (which it keeps alive)."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, repository: Repository, user_id: int) -> None:
        """Creates the detail screen of user `user_id` over `repository` (which it keeps alive)."""
    def on_appear(self) -> None:
        """Loads the user, once: does nothing when already loaded or loading. After a failed load, calling it again retries."""
    def save(self) -> None:
        """Stores the trimmed draft as the user's name. An invalid draft is refused with "error-message" (cleared again when the draft is edited) and the repository is not called; an unchanged draft, a save already running or a user not loaded yet make it do nothing. On success "user" and "draft-name" become the stored user and "did-save" sends it; on failure the draft is kept and "error-message" says why. A save still running when the screen is released completes in the repository but is no longer reported."""
    @property
    def user(self) -> User | None:
        """The user as last loaded or saved; nil until loaded (the typed getter's *out_loaded is then 0 and *out_user untouched)."""
    def set_draft_name(self, draft_name: str) -> None:
        """Sets "draft-name" (strings are copied)."""
    @property
    def draft_name(self) -> str:
        """The name being edited, never NULL; set by the host as the user types (validation runs at once: see "validation-message"). Starts as the loaded name."""
    @draft_name.setter
    def draft_name(self, value: str) -> None: ...
    @property
    def is_saving(self) -> bool:
        """Whether a save is running."""
    @property
    def is_dirty(self) -> bool:
        """Whether the draft, trimmed, differs from the stored name. False until loaded."""
    @property
    def can_save(self) -> bool:
        """Whether "save" would store the draft: loaded, dirty, valid and not already saving."""
    @property
    def validation_message(self) -> str | None:
        """Why the current draft can't be saved, updated as it changes; nil (NULL) when it can (and before the user is loaded, so an empty field doesn't complain while loading)."""
    @property
    def error_message(self) -> str | None:
        """The message of the last failed load or save (until the next save or `dismissError()`), or why "save" refused the draft (until the draft is edited); nil (NULL) when there is none. Swift code may set one (a message set so is not cleared by editing)."""
    @overload
    def connect(self, signal: Literal['notify::user'], handler: Callable[[User | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::draft-name'], handler: Callable[[str], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-saving'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-dirty'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::can-save'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::validation-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::error-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['did-save'], handler: Callable[[User], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class PostDetail(MvvmObject):
    """Creates the detail screen of post `post_id` over `repository` (which it keeps alive)."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, repository: Repository, post_id: int) -> None:
        """Creates the detail screen of post `post_id` over `repository` (which it keeps alive)."""
    def on_appear(self) -> None:
        """Loads the post and its comments together, the first time the screen appears; later appearances keep what is shown."""
    def toggle_like(self) -> None:
        """Likes or unlikes at once, then tells the repository (one request at a time, however fast the taps); if a request fails, "is-liked" and "likes-count" roll back to the server's truth and "error-message" says why. Does nothing before the post has loaded."""
    @property
    def state(self) -> ViewState:
        """The state of the post's load: idle, loading, then loaded (the post and its comments) or failed (never empty)."""
    @property
    def is_liked(self) -> bool:
        """Whether the current user likes the post: the like button's state (the person's latest intent)."""
    @property
    def likes_count(self) -> int:
        """How many people like the post: the server's count plus any change still being sent."""
    @property
    def error_message(self) -> str | None:
        """The failed like's message, else the failed load's ("state" failed); nil (NULL) when there is no error."""
    @property
    def post(self) -> Post | None:
        """The post once "state" is loaded, with the live like state ("is-liked", "likes-count"); before, reading it throws `NotLoaded` (the typed getter: MVVM_E_STATE; handlers get NULL)."""
    @property
    def comments(self) -> IndexedView[Comment]:
        """The loaded post's comments, oldest first; until "state" is loaded, reading them throws `NotLoaded` (from a host: MVVM_E_STATE)."""
    def comment(self, index: int) -> Comment:
        """The loaded post's comments, oldest first; until "state" is loaded, reading them throws `NotLoaded` (from a host: MVVM_E_STATE)."""
    @property
    def comment_count(self) -> int:
        """The number of comments."""
    @overload
    def connect(self, signal: Literal['notify::state'], handler: Callable[[ViewState], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-liked'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::likes-count'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::error-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::post'], handler: Callable[[Post | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class SortedIntegers(SortedIntegersOverrides):
    """Creates the list from `initial_values` (`initial_count` of them, copied, then sorted; NULL with count 0 for an empty list; at most 10000000 values). `random_seed` drives "add-new-integer"."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, values: Iterable[int] = ..., seed: int = ..., runtime: Runtime | None = ...) -> None:
        """Creates the list from `initial_values` (`initial_count` of them, copied, then sorted; NULL with count 0 for an empty list; at most 10000000 values). `random_seed` drives "add-new-integer"."""
    def add_new_integer(self) -> None:
        """Inserts a random integer from the random source (in `randomRange`: 0...9 unless made otherwise) after any equal values."""
    def add(self, value: int) -> int:
        """Inserts `value` after every element less than or equal to it and returns its row (through *out_index, which may be NULL)."""
    def remove_at(self, index: int) -> None:
        """Removes the value at `index`. An index outside the values changes and publishes nothing (a stale row from a view is not a crash; from a host: MVVM_E_OUT_OF_RANGE). Returns whether it removed one (for Swift callers)."""
    @property
    def count(self) -> int:
        """The number of values."""
    @property
    def values(self) -> IndexedView[int]:  # type: ignore[override]
        """The integers in ascending order: the value at `index`."""
    def value(self, index: int) -> int:
        """The integers in ascending order: the value at `index`."""
    @overload
    def connect(self, signal: Literal['notify::count'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['rows-changed'], handler: Callable[[list[ListChange]], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class Stopwatch(MvvmObject):
    """Creates a stopped stopwatch."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, runtime: Runtime | None = ...) -> None:
        """Creates a stopped stopwatch."""
    def button_tapped(self) -> None:
        """Starts (resuming from the current reading) or stops the stopwatch, as the button says."""
    def lap(self) -> None:
        """Records the current reading as a lap; does nothing while stopped (the button is disabled then, but a host may still call this)."""
    def reset(self) -> None:
        """Stops the stopwatch and clears the reading and the laps. The runtime calls it when the host destroys the object, so a destroyed stopwatch stops ticking."""
    @property
    def elapsed_text(self) -> str:
        """The elapsed time, "mm:ss.cc"."""
    @property
    def button_text(self) -> str:
        """The title of the start/stop button: "Start" while stopped, "Stop" while running."""
    @property
    def is_running(self) -> bool:
        """Whether the stopwatch is running."""
    @property
    def is_lap_enabled(self) -> bool:
        """Whether the lap button can be pressed ("lap" records a lap): only while running."""
    @property
    def lap_count(self) -> int:
        """The number of laps."""
    @property
    def laps(self) -> IndexedView[str]:
        """The recorded laps as text (split times, formatted like "elapsed-text"), newest last."""
    def lap_text(self, index: int) -> str:
        """The recorded laps as text (split times, formatted like "elapsed-text"), newest last."""
    @overload
    def connect(self, signal: Literal['notify::elapsed-text'], handler: Callable[[str], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::button-text'], handler: Callable[[str], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-running'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-lap-enabled'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::lap-count'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['laps-changed'], handler: Callable[[list[ListChange]], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class Coordinator(CoordinatorOverrides):
    """The flow user list -> user detail -> back (and list -> search -> detail). Its screens
    are wrappers it owns (``owned == False``): do not close them. One wrapper per screen:
    ``screen(0) is screen(0)``, and a popped screen's wrapper is closed.
    """
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, repository: Repository) -> None:
        """Creates a coordinator over `repository` (which it keeps alive)."""
    def start(self) -> None:
        """Pushes the user list as the root screen (the host hears a "navigate" push). Does nothing once started."""
    def back(self) -> None:
        """Pops the top screen, as the host's back button does, and lets go of its ViewModel. The root screen stays: does nothing when only the root is on the stack."""
    def show_search(self) -> None:
        """Pushes the user search over the list. Does nothing unless the list is the top screen (before "start", or while a detail or a search is shown)."""
    @property
    def screens(self) -> IndexedView[MvvmObject]:
        """The screen at `index` (0 = root) of the stack: a ViewModel handle the coordinator owns. The host must not destroy it, and calls a new screen's "on-appear" when it shows it, as for screens it made itself."""
    @overload
    def connect(self, signal: Literal['navigate'], handler: Callable[[Navigation, MvvmObject], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

class UserSearch(MvvmObject):
    """Creates a user search over `repository` (which it keeps alive)."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, repository: Repository) -> None:
        """Creates a user search over `repository` (which it keeps alive)."""
    def did_display_row(self, index: int) -> None:
        """Tells the search that result `index` is on screen. Fetches the next page of the shown query when the result is among the last 3, more pages exist, nothing is being searched and no error is shown (the user list's rule). An index outside the results does nothing (from a host: MVVM_E_OUT_OF_RANGE)."""
    def did_select_row(self, index: int) -> None:
        """Sends the id of the user of result `index` on "user-selected". An index outside the results does nothing (from a host: MVVM_E_OUT_OF_RANGE)."""
    def dismiss_error(self) -> None:
        """Clears the error message."""
    def set_query(self, query: str) -> None:
        """Sets "query" (strings are copied)."""
    @property
    def query(self) -> str:
        """The query as typed, never NULL; set it on every keystroke. Searched once it stops changing for the debounce interval (300 ms), trimmed of surrounding whitespace."""
    @query.setter
    def query(self, value: str) -> None: ...
    @property
    def is_searching(self) -> bool:
        """Whether a repository call (a query's first page or a next page) is running."""
    @property
    def is_query_empty(self) -> bool:
        """The empty-query state: true while the (debounced, trimmed) query is empty, when no results are shown and nothing is searched. A host shows a hint instead of a list."""
    @property
    def error_message(self) -> str | None:
        """The message of the last failed search, until "dismiss-error" or a successful search clears it; nil (NULL) when there is none."""
    @property
    def count(self) -> int:
        """The number of results."""
    @property
    def has_more_pages(self) -> bool:
        """Whether the shown query has pages after the last loaded one."""
    @property
    def rows(self) -> IndexedView[User]:
        """The matching users, in the repository's order, read by index in O(1); "rows-changed" says how they changed, right after each edit (`objectWillChange` fires before it)."""
    def row(self, index: int) -> User:
        """The matching users, in the repository's order, read by index in O(1); "rows-changed" says how they changed, right after each edit (`objectWillChange` fires before it)."""
    @overload
    def connect(self, signal: Literal['notify::query'], handler: Callable[[str], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-searching'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::is-query-empty'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::error-message'], handler: Callable[[str | None], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::count'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['notify::has-more-pages'], handler: Callable[[bool], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['rows-changed'], handler: Callable[[list[ListChange]], object]) -> Connection: ...
    @overload
    def connect(self, signal: Literal['user-selected'], handler: Callable[[int], object]) -> Connection: ...
    @overload
    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ...

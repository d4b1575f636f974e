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
    """What a user list is loading ("loading")."""
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
        """Loads the first page if the list is empty."""
    def refresh(self) -> None:
        """Reloads from the first page, cancelling any load under way (its result never lands)."""
    def did_display_row(self, index: int) -> None:
        """Tells the list that row `index` is on screen; when it is one of the last 3 rows (the prefetch distance) and a later page exists, the next page loads. MVVM_E_OUT_OF_RANGE outside the rows."""
    def did_select_row(self, index: int) -> None:
        """Selects row `index`: emits "user-selected". MVVM_E_OUT_OF_RANGE outside the rows."""
    def dismiss_error(self) -> None:
        """Clears the error message."""
    @property
    def loading(self) -> Loading:
        """What the list is loading (mvvm_loading)."""
    @property
    def error_message(self) -> str | None:
        """The last failed load's message; NULL when there is none."""
    @property
    def count(self) -> int:
        """The number of rows."""
    @property
    def has_more_pages(self) -> bool:
        """Whether a later page exists (0/1)."""
    @property
    def rows(self) -> IndexedView[User]:
        """Row `index` in O(1). The strings are borrowed until the next call of a getter of this object, a change of the list, or its destruction."""
    def row(self, index: int) -> User:
        """Row `index` in O(1). The strings are borrowed until the next call of a getter of this object, a change of the list, or its destruction."""
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
    """Creates the detail screen of user `user_id` over `repository`."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, repository: Repository, user_id: int) -> None:
        """Creates the detail screen of user `user_id` over `repository`."""
    def on_appear(self) -> None:
        """Loads the user once."""
    def save(self) -> None:
        """Saves the draft if "can-save"; emits "did-save" when stored. An invalid draft sets the error message and saves nothing; a failed save keeps the draft."""
    @property
    def user(self) -> User | None:
        """The user as last loaded or saved. The typed getter sets *out_loaded to 1 and fills *out_user once loaded; 0 (and *out_user untouched) before."""
    def set_draft_name(self, draft_name: str) -> None:
        """Sets the draft name (copied). Validation runs at once: see "validation-message"."""
    @property
    def draft_name(self) -> str:
        """The name being edited. Never NULL."""
    @draft_name.setter
    def draft_name(self, value: str) -> None: ...
    @property
    def is_saving(self) -> bool:
        """Whether a save is running (0/1)."""
    @property
    def is_dirty(self) -> bool:
        """Whether the draft, trimmed, differs from the stored name (0/1)."""
    @property
    def can_save(self) -> bool:
        """Whether save would store the draft: loaded, dirty, valid, not saving (0/1)."""
    @property
    def validation_message(self) -> str | None:
        """Why the draft can't be saved; NULL when it can."""
    @property
    def error_message(self) -> str | None:
        """The last failed load's or save's message, or why save refused the draft; NULL when there is none."""
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
    """Creates the detail screen of post `post_id` over `repository`."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, repository: Repository, post_id: int) -> None:
        """Creates the detail screen of post `post_id` over `repository`."""
    def on_appear(self) -> None:
        """Loads the post and its comments together (once)."""
    def toggle_like(self) -> None:
        """Likes or unlikes at once; rolls back to the server's truth if the request fails."""
    @property
    def state(self) -> ViewState:
        """The state of the post's load (mvvm_view_state)."""
    @property
    def is_liked(self) -> bool:
        """Whether the current user likes the post (0/1)."""
    @property
    def likes_count(self) -> int:
        """How many people like the post."""
    @property
    def error_message(self) -> str | None:
        """The failed like's message, else the failed load's (state FAILED); NULL when there is no error."""
    @property
    def post(self) -> Post | None:
        """The post once LOADED, with the live like state; the typed getter gives MVVM_E_STATE before. Strings borrowed until the next getter call on this object, a change, or destruction."""
    @property
    def comments(self) -> IndexedView[Comment]:
        """Comment `index`, borrowed like the post's strings. MVVM_E_STATE unless LOADED."""
    def comment(self, index: int) -> Comment:
        """Comment `index`, borrowed like the post's strings. MVVM_E_STATE unless LOADED."""
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
    """Creates the list with `initial_count` values from `initial_values` (copied, then sorted; NULL with count 0 for an empty list; at most 10000000 values). `random_seed` drives add_new_integer."""
    object_type: ClassVar[ObjectType]  # type: ignore[assignment]
    def get_type(self) -> ObjectType: ...  # type: ignore[override]
    def __init__(self, values: Iterable[int] = ..., seed: int = ..., runtime: Runtime | None = ...) -> None:
        """Creates the list with `initial_count` values from `initial_values` (copied, then sorted; NULL with count 0 for an empty list; at most 10000000 values). `random_seed` drives add_new_integer."""
    def add_new_integer(self) -> None:
        """Inserts a random integer in 0..9 after any equal values."""
    def add(self, value: int) -> int:
        """Inserts `value` after any equal values; *out_index (may be NULL) gets its index."""
    def remove_at(self, index: int) -> None:
        """Removes the value at `index`. MVVM_E_OUT_OF_RANGE outside the rows."""
    @property
    def count(self) -> int:
        """The number of values."""
    @property
    def values(self) -> IndexedView[int]:  # type: ignore[override]
        """The value at `index`."""
    def value(self, index: int) -> int:
        """The value at `index`."""
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
        """Start or Stop, as the button says."""
    def lap(self) -> None:
        """Records a lap while running; does nothing while stopped."""
    def reset(self) -> None:
        """Stops and clears the elapsed time and the laps."""
    @property
    def elapsed_text(self) -> str:
        """The elapsed time, "mm:ss.cc"."""
    @property
    def button_text(self) -> str:
        """"Start" or "Stop"."""
    @property
    def is_running(self) -> bool:
        """Whether it runs (0/1)."""
    @property
    def is_lap_enabled(self) -> bool:
        """Whether lap records a lap now (0/1)."""
    @property
    def lap_count(self) -> int:
        """The number of laps."""
    @property
    def laps(self) -> IndexedView[str]:
        """Lap `index` as text, borrowed until the next getter call on this object, a change, or destruction."""
    def lap_text(self, index: int) -> str:
        """Lap `index` as text, borrowed until the next getter call on this object, a change, or destruction."""
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
        """Pushes the user list (emits "navigate"). Once; later calls do nothing."""
    def back(self) -> None:
        """Pops the top screen (the host's back button); the root screen stays."""
    def show_search(self) -> None:
        """Pushes the user search when the list is the top screen; otherwise does nothing."""
    @property
    def screens(self) -> IndexedView[MvvmObject]:
        """The screen at `index` (0 = root) of the stack."""
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
        """Tells the search that result `index` is on screen; within the last 3 results, the next page loads. MVVM_E_OUT_OF_RANGE outside the results."""
    def did_select_row(self, index: int) -> None:
        """Selects result `index`: emits "user-selected". MVVM_E_OUT_OF_RANGE outside the results."""
    def dismiss_error(self) -> None:
        """Clears the error message."""
    def set_query(self, query: str) -> None:
        """Sets the query (copied); the search runs 300 ms after the last change."""
    @property
    def query(self) -> str:
        """The query as typed. Never NULL."""
    @query.setter
    def query(self, value: str) -> None: ...
    @property
    def is_searching(self) -> bool:
        """Whether a search is running (0/1)."""
    @property
    def is_query_empty(self) -> bool:
        """Whether the (debounced, trimmed) query is empty: no results, nothing searched (0/1)."""
    @property
    def error_message(self) -> str | None:
        """The last failed search's message; NULL when there is none."""
    @property
    def count(self) -> int:
        """The number of results."""
    @property
    def has_more_pages(self) -> bool:
        """Whether more results exist (0/1)."""
    @property
    def rows(self) -> IndexedView[User]:
        """Result `index` in O(1), borrowed until the next getter call on this object, a change, or destruction."""
    def row(self, index: int) -> User:
        """Result `index` in O(1), borrowed until the next getter call on this object, a change, or destruction."""
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

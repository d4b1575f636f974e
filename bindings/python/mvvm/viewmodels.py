"""Repositories, ViewModels and the coordinator."""

from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, byref, c_char_p, c_int32, c_int64, c_size_t, c_void_p

from . import _ffi
from ._core import (
    CHANGES,
    I32_BOOL,
    I64,
    NAVIGATE,
    STR,
    USER,
    Loading,
    MvvmObject,
    Navigation,
    ObjectType,
    Runtime,
    SignalSpec,
    ViewState,
    i32_enum,
)
from ._ffi import C, encode

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Iterable
    from typing import Any, ClassVar

    from . import _values
    from ._values import Comment, IndexedView, Post, User
    from .host import HostRepository
else:
    # The value dataclasses, imported on first use (see _values.py).
    _values = _ffi.Lazy("mvvm._values")


class Repository(MvvmObject):
    """A data source. ViewModels keep it alive (in C and in Python)."""

    object_type: ClassVar[ObjectType] = ObjectType.REPOSITORY
    signals: ClassVar[dict[str, SignalSpec]] = {}

    _OPTIONS: ClassVar[tuple[str, ...]] = (
        "user_count",
        "page_size",
        "post_count",
        "comments_per_post",
        "seed",
        "latency_ms",
        "fail_every_nth",
    )

    def __init__(self) -> None:
        raise TypeError("use Repository.sample(...) or Repository.json_file(path)")

    @classmethod
    def sample(cls, runtime: Runtime | None = None, **options: int) -> Repository:
        """mvvm_repository_new_sample(). Options: user_count, page_size, post_count,
        comments_per_post, seed, latency_ms, fail_every_nth."""
        rt = runtime or Runtime.current()
        opts = _ffi.SampleOptions()
        C.mvvm_sample_options_init(byref(opts))
        for key, value in options.items():
            if key not in cls._OPTIONS:
                raise TypeError(f"unknown sample option {key!r}")
            setattr(opts, key, int(value))
        handle = cls._new_handle(C.mvvm_repository_new_sample, byref(opts))
        return cls._wrap(handle, rt, None, True)

    @classmethod
    def json_file(cls, path: str | os.PathLike[str], runtime: Runtime | None = None) -> Repository:
        """mvvm_repository_new_json_file(): created from sample data if missing; a corrupt
        file raises OSFailureError."""
        rt = runtime or Runtime.current()
        handle = cls._new_handle(C.mvvm_repository_new_json_file, encode(os.fspath(path)))
        return cls._wrap(handle, rt, None, True)


    @classmethod
    def host(
        cls,
        impl: HostRepository,
        runtime: Runtime | None = None,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> Repository:
        """mvvm_repository_new_host(): a repository implemented by ``impl`` (a subclass of
        :class:`mvvm.HostRepository`); see :mod:`mvvm.host`."""
        from .host import new_host_repository

        return new_host_repository(impl, runtime, loop)


class UserList(MvvmObject):
    """Paged list of users."""

    object_type: ClassVar[ObjectType] = ObjectType.USER_LIST
    signals: ClassVar[dict[str, SignalSpec]] = {
        "notify::loading": i32_enum(Loading),
        "notify::error-message": STR,
        "notify::count": I64,
        "notify::has-more-pages": I32_BOOL,
        "rows-changed": CHANGES,
        "user-selected": I64,
    }

    def __init__(self, repository: Repository) -> None:
        handle = self._new_handle(C.mvvm_user_list_new, repository.handle)
        self._setup(handle, repository.runtime, repository, True)

    def on_appear(self) -> None:
        C.mvvm_user_list_on_appear(self._handle)

    def refresh(self) -> None:
        C.mvvm_user_list_refresh(self._handle)

    def did_display_row(self, index: int) -> None:
        C.mvvm_user_list_did_display_row(self._handle, index)

    def did_select_row(self, index: int) -> None:
        C.mvvm_user_list_did_select_row(self._handle, index)

    def dismiss_error(self) -> None:
        C.mvvm_user_list_dismiss_error(self._handle)

    @property
    def count(self) -> int:
        return self._get_i64("mvvm_user_list_get_count")

    def row(self, index: int) -> User:
        c = _ffi.User()
        C.mvvm_user_list_get_row(self._handle, index, byref(c))
        return _values.User._from_c(c)

    @property
    def rows(self) -> IndexedView[User]:
        return _values.IndexedView(lambda: self.count, self.row)

    @property
    def loading(self) -> Loading:
        return Loading(self._get_i32("mvvm_user_list_get_loading"))

    @property
    def has_more_pages(self) -> bool:
        return bool(self._get_i32("mvvm_user_list_get_has_more_pages"))

    @property
    def error_message(self) -> str | None:
        return self._get_str("mvvm_user_list_get_error_message")


class UserDetail(MvvmObject):
    """Detail and rename of one user."""

    object_type: ClassVar[ObjectType] = ObjectType.USER_DETAIL
    signals: ClassVar[dict[str, SignalSpec]] = {
        "notify::user": USER,
        "notify::draft-name": STR,
        "notify::is-saving": I32_BOOL,
        "notify::is-dirty": I32_BOOL,
        "notify::can-save": I32_BOOL,
        "notify::validation-message": STR,
        "notify::error-message": STR,
        "did-save": USER,
    }

    def __init__(self, repository: Repository, user_id: int) -> None:
        handle = self._new_handle(C.mvvm_user_detail_new, repository.handle, user_id)
        self._setup(handle, repository.runtime, repository, True)

    def on_appear(self) -> None:
        C.mvvm_user_detail_on_appear(self._handle)

    def save(self) -> None:
        C.mvvm_user_detail_save(self._handle)

    def set_draft_name(self, name: str) -> None:
        C.mvvm_user_detail_set_draft_name(self._handle, encode(name))

    @property
    def draft_name(self) -> str:
        return self._get_str("mvvm_user_detail_get_draft_name") or ""

    @draft_name.setter
    def draft_name(self, name: str) -> None:
        self.set_draft_name(name)

    @property
    def user(self) -> User | None:
        loaded = c_int32(0)
        c = _ffi.User()
        C.mvvm_user_detail_get_user(self._handle, byref(loaded), byref(c))
        return _values.User._from_c(c) if loaded.value else None

    @property
    def is_saving(self) -> bool:
        return bool(self._get_i32("mvvm_user_detail_get_is_saving"))

    @property
    def is_dirty(self) -> bool:
        return bool(self._get_i32("mvvm_user_detail_get_is_dirty"))

    @property
    def can_save(self) -> bool:
        return bool(self._get_i32("mvvm_user_detail_get_can_save"))

    @property
    def validation_message(self) -> str | None:
        return self._get_str("mvvm_user_detail_get_validation_message")

    @property
    def error_message(self) -> str | None:
        return self._get_str("mvvm_user_detail_get_error_message")


class PostDetail(MvvmObject):
    """A post with its comments and a like button."""

    object_type: ClassVar[ObjectType] = ObjectType.POST_DETAIL
    signals: ClassVar[dict[str, SignalSpec]] = {
        "notify::state": i32_enum(ViewState),
        "notify::is-liked": I32_BOOL,
        "notify::likes-count": I64,
        "notify::error-message": STR,
    }

    def __init__(self, repository: Repository, post_id: int) -> None:
        handle = self._new_handle(C.mvvm_post_detail_new, repository.handle, post_id)
        self._setup(handle, repository.runtime, repository, True)

    def on_appear(self) -> None:
        C.mvvm_post_detail_on_appear(self._handle)

    def toggle_like(self) -> None:
        C.mvvm_post_detail_toggle_like(self._handle)

    @property
    def state(self) -> ViewState:
        return ViewState(self._get_i32("mvvm_post_detail_get_state"))

    @property
    def post(self) -> Post | None:
        """The post once LOADED, else None."""
        if self.state != ViewState.LOADED:
            return None
        c = _ffi.Post()
        C.mvvm_post_detail_get_post(self._handle, byref(c))
        return _values.Post(
            int(c.id),
            _ffi.decode(c.title) or "",
            _ffi.decode(c.body) or "",
            _ffi.decode(c.author_name) or "",
            float(c.created_at),
            int(c.likes_count),
            bool(c.liked_by_current_user),
            int(c.comments_count),
        )

    def comment(self, index: int) -> Comment:
        c = _ffi.Comment()
        C.mvvm_post_detail_get_comment(self._handle, index, byref(c))
        return _values.Comment(int(c.id), _ffi.decode(c.author_name) or "", _ffi.decode(c.body) or "")

    @property
    def comment_count(self) -> int:
        return self._get_i64("mvvm_post_detail_get_comment_count")

    @property
    def comments(self) -> IndexedView[Comment]:
        return _values.IndexedView(lambda: self.comment_count, self.comment)

    @property
    def is_liked(self) -> bool:
        return bool(self._get_i32("mvvm_post_detail_get_is_liked"))

    @property
    def likes_count(self) -> int:
        return self._get_i64("mvvm_post_detail_get_likes_count")

    @property
    def error_message(self) -> str | None:
        return self._get_str("mvvm_post_detail_get_error_message")


class SortedIntegers(MvvmObject):
    """A sorted list of integers."""

    object_type: ClassVar[ObjectType] = ObjectType.SORTED_INTEGERS
    signals: ClassVar[dict[str, SignalSpec]] = {
        "notify::count": I64,
        "rows-changed": CHANGES,
    }

    def __init__(
        self, values: Iterable[int] = (), seed: int = 1, runtime: Runtime | None = None
    ) -> None:
        rt = runtime or Runtime.current()
        items = [int(v) for v in values]
        array = (c_int64 * len(items))(*items) if items else None
        ptr = ctypes.cast(array, POINTER(c_int64)) if array is not None else None
        handle = self._new_handle(
            C.mvvm_sorted_integers_new, ptr, c_size_t(len(items)), seed & (2**64 - 1)
        )
        self._setup(handle, rt, None, True)

    def add_new_integer(self) -> None:
        C.mvvm_sorted_integers_add_new_integer(self._handle)

    def add(self, value: int) -> int:
        """Inserts ``value`` after equal values; returns its index."""
        out = c_int64(0)
        C.mvvm_sorted_integers_add(self._handle, value, byref(out))
        return int(out.value)

    def remove_at(self, index: int) -> None:
        C.mvvm_sorted_integers_remove_at(self._handle, index)

    @property
    def count(self) -> int:
        return self._get_i64("mvvm_sorted_integers_get_count")

    def value(self, index: int) -> int:
        out = c_int64(0)
        C.mvvm_sorted_integers_get_value(self._handle, index, byref(out))
        return int(out.value)

    @property
    def values(self) -> IndexedView[int]:
        return _values.IndexedView(lambda: self.count, self.value)


class Stopwatch(MvvmObject):
    """A stopwatch ticking every 10 ms through the runtime's descriptor."""

    object_type: ClassVar[ObjectType] = ObjectType.STOPWATCH
    signals: ClassVar[dict[str, SignalSpec]] = {
        "notify::elapsed-text": STR,
        "notify::button-text": STR,
        "notify::is-running": I32_BOOL,
        "notify::is-lap-enabled": I32_BOOL,
        "notify::lap-count": I64,
        "laps-changed": CHANGES,
    }

    def __init__(self, runtime: Runtime | None = None) -> None:
        rt = runtime or Runtime.current()
        handle = self._new_handle(C.mvvm_stopwatch_new)
        self._setup(handle, rt, None, True)

    def button_tapped(self) -> None:
        C.mvvm_stopwatch_button_tapped(self._handle)

    def lap(self) -> None:
        C.mvvm_stopwatch_lap(self._handle)

    def reset(self) -> None:
        C.mvvm_stopwatch_reset(self._handle)

    @property
    def elapsed_text(self) -> str:
        return self._get_str("mvvm_stopwatch_get_elapsed_text") or ""

    @property
    def button_text(self) -> str:
        return self._get_str("mvvm_stopwatch_get_button_text") or ""

    @property
    def is_running(self) -> bool:
        return bool(self._get_i32("mvvm_stopwatch_get_is_running"))

    @property
    def is_lap_enabled(self) -> bool:
        return bool(self._get_i32("mvvm_stopwatch_get_is_lap_enabled"))

    @property
    def lap_count(self) -> int:
        return self._get_i64("mvvm_stopwatch_get_lap_count")

    def lap_text(self, index: int) -> str:
        out = c_char_p()
        C.mvvm_stopwatch_get_lap(self._handle, index, byref(out))
        return _ffi.decode(out.value) or ""

    @property
    def laps(self) -> IndexedView[str]:
        return _values.IndexedView(lambda: self.lap_count, self.lap_text)


class Coordinator(MvvmObject):
    """The flow user list -> user detail -> back. Its screens (UserList, UserDetail
    wrappers with ``owned == False``) belong to it: do not close them."""

    object_type: ClassVar[ObjectType] = ObjectType.COORDINATOR
    signals: ClassVar[dict[str, SignalSpec]] = {"navigate": NAVIGATE}

    _screens: dict[int, MvvmObject]

    def __init__(self, repository: Repository) -> None:
        handle = self._new_handle(C.mvvm_coordinator_new, repository.handle)
        self._setup(handle, repository.runtime, repository, True)
        self._screens = {}

    def start(self) -> None:
        C.mvvm_coordinator_start(self._handle)

    def back(self) -> None:
        C.mvvm_coordinator_back(self._handle)

    @property
    def depth(self) -> int:
        return self._get_i64("mvvm_coordinator_get_depth")

    def screen(self, index: int) -> MvvmObject:
        """The screen at ``index`` (0 = root, negative from the top)."""
        if index < 0:
            index += self.depth
        out = c_void_p()
        C.mvvm_coordinator_get_screen(self._handle, index, byref(out))
        return self._screen_for(int(out.value or 0))

    @property
    def screens(self) -> list[MvvmObject]:
        return [self.screen(i) for i in range(self.depth)]

    @property
    def top(self) -> MvvmObject | None:
        depth = self.depth
        return self.screen(depth - 1) if depth else None

    def _screen_for(self, handle: int) -> MvvmObject:
        screen = self._screens.get(handle)
        if screen is None:
            out = c_int32(0)
            C.mvvm_object_get_type(handle, byref(out))
            cls = MvvmObject._wrappers.get(ObjectType(out.value), MvvmObject)
            screen = cls._wrap(handle, self._runtime, self, False)
            self._screens[handle] = screen
        return screen

    def _navigated(self, action: Navigation | int, handle: int | None) -> Any:
        h = int(handle or 0)
        if action == Navigation.PUSH:
            return self._screen_for(h)
        screen = self._screens.pop(h, None)
        if screen is not None:
            screen._closed = True  # popped: the coordinator destroyed it
        return screen

    def close(self) -> None:
        super().close()
        for screen in self._screens.values():
            screen._closed = True
        self._screens.clear()

"""The seeds' app's overrides (mvvm.register_override): the hand-written parts of its classes,
where behaviour differs from what the library's introspection describes: the repository
constructors (a repository is not made with mvvm_object_new()), the coordinator's screens (one
wrapper per screen, owned by the coordinator, closed when popped, and "navigate" handing the
handler a :class:`Navigation`) and SortedIntegers' parameter names.

Each class here is the base of the class that mvvm builds for the type of the same name
(mvvm_seeds/__init__.py registers them); the built class adds what the
override does not define.
"""

from __future__ import annotations

import os
from ctypes import Structure, byref, c_void_p

from mvvm import MvvmObject, Runtime
from mvvm._ffi import encode  # the framework's C-string rule (UTF-8, no NUL, str only)

from . import Navigation, _c
from ._c import C

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (as mvvm does)

if TYPE_CHECKING:
    import asyncio
    from typing import Any, ClassVar, TypeVar

    from .host import HostRepository

    _R = TypeVar("_R", bound="RepositoryOverrides")


def _set_fields(struct: Structure, allowed: tuple[str, ...], options: dict[str, int], what: str) -> None:
    """Sets the integer fields ``options`` of an options struct: an unknown name raises
    TypeError, a value its C field cannot hold OverflowError (ctypes would keep the low bits)."""
    for key, value in options.items():
        if key not in allowed:
            raise TypeError(f"unknown {what} {key!r}")
        setattr(struct, key, int(value))
        if getattr(struct, key) != int(value):
            raise OverflowError(f"{what} {key}={value} does not fit its C field")


class RepositoryOverrides(MvvmObject):
    """A data source. ViewModels keep it alive (in C and in Python). Made by
    :meth:`sample`, :meth:`json_file`, :meth:`sqlite`, :meth:`http` or :meth:`host`."""

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
        raise TypeError(
            "use Repository.sample(...), Repository.json_file(path), Repository.sqlite(path), "
            "Repository.http(url) or Repository.host(impl)"
        )

    @classmethod
    def sample(cls: type[_R], runtime: Runtime | None = None, **options: int) -> _R:
        """mvvm_repository_new_sample(). Options: user_count, page_size, post_count,
        comments_per_post, seed, latency_ms, fail_every_nth."""
        rt = runtime or Runtime.current()
        opts = cls._sample_options(options)
        out = c_void_p()
        C.mvvm_repository_new_sample(byref(opts), byref(out))
        return cls._wrap(int(out.value or 0), rt, None, True)

    @classmethod
    def _sample_options(cls, options: dict[str, int]) -> _c.SampleOptions:
        """The defaults (mvvm_sample_options_init()) with ``options`` set; an unknown name
        raises TypeError."""
        opts = _c.SampleOptions()
        C.mvvm_sample_options_init(byref(opts))
        _set_fields(opts, cls._OPTIONS, options, "sample option")
        return opts

    @classmethod
    def json_file(cls: type[_R], path: str | os.PathLike[str], runtime: Runtime | None = None) -> _R:
        """mvvm_repository_new_json_file(): created from sample data if missing; a corrupt
        file raises OSFailureError."""
        rt = runtime or Runtime.current()
        out = c_void_p()
        C.mvvm_repository_new_json_file(encode(os.fspath(path), "path"), byref(out))
        return cls._wrap(int(out.value or 0), rt, None, True)

    _HTTP_OPTIONS: ClassVar[tuple[str, ...]] = ("page_size", "timeout_ms", "max_body_bytes", "max_header_bytes")

    @classmethod
    def http(
        cls: type[_R],
        base_url: str,
        cache: str | os.PathLike[str] | None = None,
        runtime: Runtime | None = None,
        **options: int,
    ) -> _R:
        """mvvm_repository_new_http_with_options(): users, posts and comments from the HTTP
        server at ``base_url`` (the contract is in mvvm_seeds.h), remembering user pages in the
        SQLite file ``cache`` when given. Options: page_size, timeout_ms, max_body_bytes,
        max_header_bytes.
        A bad URL or option raises InvalidArgumentError; a cache file that cannot be used
        raises OSFailureError."""
        rt = runtime or Runtime.current()
        opts = _c.HTTPOptions()
        C.mvvm_http_options_init(byref(opts))
        _set_fields(opts, cls._HTTP_OPTIONS, options, "http option")
        cache_path = None if cache is None else encode(os.fspath(cache), "cache")
        out = c_void_p()
        C.mvvm_repository_new_http_with_options(encode(base_url, "base_url"), cache_path, byref(opts), byref(out))
        return cls._wrap(int(out.value or 0), rt, None, True)

    @classmethod
    def sqlite(
        cls: type[_R], path: str | os.PathLike[str], runtime: Runtime | None = None, **fill_options: int
    ) -> _R:
        """mvvm_repository_new_sqlite(): a SQLite database, created if missing (filled from the
        sample generator when any sample option is given: user_count, page_size, post_count,
        comments_per_post, seed; empty otherwise). A corrupt, foreign or newer file raises
        OSFailureError and is left untouched; a bad option raises InvalidArgumentError."""
        rt = runtime or Runtime.current()
        opts = cls._sample_options(fill_options) if fill_options else None
        out = c_void_p()
        C.mvvm_repository_new_sqlite(
            encode(os.fspath(path), "path"), byref(opts) if opts is not None else None, byref(out)
        )
        return cls._wrap(int(out.value or 0), rt, None, True)

    @classmethod
    def host(
        cls: type[_R],
        impl: HostRepository,
        runtime: Runtime | None = None,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> _R:
        """mvvm_repository_new_host(): a repository implemented by ``impl`` (a subclass of
        :class:`mvvm_seeds.HostRepository`); see :mod:`mvvm_seeds.host`."""
        from .host import new_host_handle

        rt = runtime or Runtime.current()
        return cls._wrap(new_host_handle(impl, loop), rt, impl, True)


class CoordinatorOverrides(MvvmObject):
    """The flow user list -> user detail -> back (and list -> search -> detail). Its screens
    are wrappers it owns (``owned == False``): do not close them. One wrapper per screen:
    ``screen(0) is screen(0)``, and a popped screen's wrapper is closed."""

    _screens: dict[int, MvvmObject]

    def _setup(self, handle: int, runtime: Runtime, parent: object, owned: bool) -> None:
        super()._setup(handle, runtime, parent, owned)
        self._screens = {}

    @property
    def depth(self) -> int:
        """The number of screens on the stack."""
        return self._list_count("screens")

    def screen(self, index: int) -> MvvmObject:
        """The screen at ``index`` (0 = root, negative from the top)."""
        if index < 0:
            index += self.depth
        screen = self._wrap_object(self._list_item("screens", index).object)
        assert screen is not None
        return screen

    @property
    def top(self) -> MvvmObject | None:
        """The top screen, None before start()."""
        depth = self.depth
        return self.screen(depth - 1) if depth else None

    def _wrap_object(self, handle: int | None) -> MvvmObject | None:
        if not handle:
            return None
        screen = self._screens.get(handle)
        if screen is None:
            screen = super()._wrap_object(handle)
            assert screen is not None
            self._screens[handle] = screen
        return screen

    #: "navigate" hands the handler a Navigation (what the stub generator writes).
    SIGNAL_HANDLER_TYPES: ClassVar[dict[str, str]] = {"navigate": "Callable[[Navigation, MvvmObject], object]"}

    def _object_signal(self, code: int, handle: int | None) -> tuple[Any, ...]:
        """"navigate": (Navigation, the screen pushed or popped)."""
        action: Navigation | int
        try:
            action = Navigation(code)
        except ValueError:  # a value from a newer library
            action = code
        h = int(handle or 0)
        if action == Navigation.PUSH:
            return (action, self._wrap_object(h))
        screen = self._screens.pop(h, None)
        if screen is not None:
            screen._closed = True  # popped: the coordinator destroyed it
        return (action, screen)

    def close(self) -> None:
        super().close()
        for screen in self._screens.values():
            screen._closed = True
        self._screens.clear()


class SortedIntegersOverrides(MvvmObject):
    # SortedIntegers(values=(), seed=1): the constructor's arguments under the names and
    # defaults the hand-written class had (no docstring: the built class keeps the library's).

    CONSTRUCTOR_PARAMETERS: ClassVar[dict[str, tuple[str, str]]] = {
        "initial_values": ("values", "()"),
        "random_seed": ("seed", "1"),
    }

"""Repositories implemented in Python (mvvm_repository_new_host).

Subclass :class:`HostRepository` and implement its methods with plain ``def`` (answered at
once), ``async def`` (run as a task on the asyncio loop; cancelled when nobody waits any
more) or by returning a :class:`concurrent.futures.Future` (answered from the thread that
completes it). Raising fails the request with the exception's text, which the ViewModel shows.

An ``async def`` method needs a running asyncio loop that the runtime is attached to
(:func:`mvvm.asyncio_attach`), or ``loop=`` given to :meth:`mvvm_seeds.Repository.host`: the task
runs on that loop, and its answer reaches the ViewModel through the runtime's descriptor,
which only an attached loop (or ``runtime.run()``) dispatches.
"""

from __future__ import annotations

import ctypes
from collections.abc import Awaitable, Sequence
from ctypes import byref, c_size_t, c_void_p
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Union

from mvvm import InvalidUtf8Error, MvvmError, NotFoundError, Runtime, Status

# The framework's bridge, table builder and records, which every host implementation shares.
from mvvm import _interfaces, _records
from mvvm._bridges import BRIDGES, Bridge, bridge_destroyed, fail, keys

from . import _c
from . import Comment, Post, User

if TYPE_CHECKING:
    # Imported where used: `import mvvm` should not pay for asyncio (see mvvm/_asyncio.py).
    import asyncio

    from . import Repository


@dataclass(frozen=True)
class UserPage:
    """An answer to fetch_users and search_users: ``users``, the users of page ``page``
    (1-based, the page asked for) out of ``total_pages`` pages (0 or more; the list asks for
    the next page while ``page < total_pages``)."""

    users: Sequence[User]
    page: int
    total_pages: int


Answer = Union[Any, Awaitable[Any]]


class HostRepository:
    """Base class of a repository implemented in Python. The user methods are required;
    the post methods are optional as a whole (without them post screens fail with a clear
    message), and so is search_users (without it every search fails with a clear message).

    ``cancelled(kind)`` is told when nobody waits for a request any more; ``kind`` is the
    name of the method that got it: "fetch_users", "fetch_user", "update_user",
    "search_users", "fetch_post", "fetch_comments" or "set_liked" ("" if unknown).

    The class has no ``__init__`` and no state of its own: a subclass's ``__init__`` need not
    call ``super().__init__()`` (calling it is harmless)."""

    def fetch_users(self, page: int) -> UserPage | Awaitable[UserPage] | Any:
        raise NotImplementedError

    def fetch_user(self, user_id: int) -> User | Awaitable[User] | Any:
        raise NotImplementedError

    def update_user(self, user: User) -> User | Awaitable[User] | Any:
        raise NotImplementedError

    def fetch_post(self, post_id: int) -> Post | Awaitable[Post] | Any:
        raise NotImplementedError

    def fetch_comments(self, post_id: int) -> Sequence[Comment] | Awaitable[Sequence[Comment]] | Any:
        raise NotImplementedError

    def set_liked(self, post_id: int, liked: bool) -> Post | Awaitable[Post] | Any:
        raise NotImplementedError

    def search_users(self, query: str, page: int) -> UserPage | Awaitable[UserPage] | Any:
        """Page ``page`` (1-based) of the users whose name contains ``query`` (trimmed, never
        empty), ignoring case. Optional."""
        raise NotImplementedError

    def cancelled(self, kind: str) -> None:
        """Called when nobody waits for a request of method ``kind`` any more (its task or
        future was already cancelled)."""

    @classmethod
    def implements_posts(cls) -> bool:
        return cls.fetch_post is not HostRepository.fetch_post

    @classmethod
    def implements_search(cls) -> bool:
        return cls.search_users is not HostRepository.search_users


def available() -> bool:
    """True when the loaded library has host repositories."""
    try:
        _c.C.mvvm_repository_new_host
    except MvvmError:
        return False
    return True


# ---------------------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------------------


def _structs(record: str, items: Sequence[Any], where: str) -> tuple[Any, list[object]]:
    """``items`` as a C array of the record's struct (laid out from its description), and
    what must stay alive while C reads it."""
    described = _records.named(record)
    converted = [described.to_struct(x, where, f"answer[{i}]") for i, x in enumerate(items)]
    array = (described.struct * max(1, len(converted)))(*[c for c, _ in converted])
    return array, [keep for _, keep in converted]


def _resolve_user_page(kind: str, request: int, value: Any) -> None:
    if not isinstance(value, UserPage):
        raise TypeError(f"{kind} must answer a UserPage, not {type(value).__name__}")
    users, keep = _structs("User", list(value.users), f"{kind}: the UserPage's users")
    _c.C.mvvm_request_resolve_user_page(
        request, ctypes.addressof(users), c_size_t(len(value.users)), int(value.page), int(value.total_pages)
    )
    del keep


def _resolve_user(kind: str, request: int, value: Any) -> None:
    user, keep = _records.named("User").to_struct(value, kind, "the answer")
    _c.C.mvvm_request_resolve_user(request, ctypes.addressof(user))
    del keep


def _resolve_post(kind: str, request: int, value: Any) -> None:
    post, keep = _records.named("Post").to_struct(value, kind, "the answer")
    _c.C.mvvm_request_resolve_post(request, ctypes.addressof(post))
    del keep


def _resolve_comments(kind: str, request: int, value: Any) -> None:
    items = list(value)
    comments, keep = _structs("Comment", items, kind)
    _c.C.mvvm_request_resolve_comments(request, ctypes.addressof(comments), c_size_t(len(items)))
    del keep


#: Each method's answer, by the method's name: the seeds' typed resolve functions (each copies
#: what it reads; ``keep`` holds the encoded strings until then). One lookup on the answer's
#: path, in place of a chain of name tests.
_RESOLVE: dict[str, Callable[[str, int, Any], None]] = {
    "fetch_users": _resolve_user_page,
    "search_users": _resolve_user_page,
    "fetch_user": _resolve_user,
    "update_user": _resolve_user,
    "fetch_post": _resolve_post,
    "set_liked": _resolve_post,
    "fetch_comments": _resolve_comments,
}


def _answer(kind: str, request: int, value: Any) -> None:
    """Answers a request of method ``kind`` with ``value``; a value the method may not answer
    fails the request instead, naming it."""
    try:
        resolve = _RESOLVE.get(kind)
        if resolve is not None:
            resolve(kind, request, value)
    except NotFoundError:
        pass  # nobody waits any more
    except (TypeError, InvalidUtf8Error, ValueError) as exc:
        fail(request, f"{type(exc).__name__}: {exc}")


# ---------------------------------------------------------------------------------------
# The bridge: one per host repository (the shared part is mvvm/_bridges.py)
# ---------------------------------------------------------------------------------------


class _RepositoryBridge(Bridge):
    """The seeds' repositories' two tables (mvvm_repository_new_host), laid out from their
    declarations (mvvm_interface_find("UserRepository"), "PostRepository"), as an
    application's own host interfaces are; only the answers are the seeds' own (a user page
    carries its paging: mvvm_request_resolve_user_page)."""

    def __init__(self, impl: HostRepository, loop: asyncio.AbstractEventLoop | None) -> None:
        super().__init__(impl, loop)
        users, posts = _interfaces.find("UserRepository"), _interfaces.find("PostRepository")
        if users is None or posts is None:
            raise NotFoundError(
                int(Status.NOT_FOUND), "the loaded library declares no UserRepository and PostRepository host interfaces"
            )
        # Without search_users its slot stays NULL: the library then fails every search
        # with a message the search screen shows.
        searches = type(impl).implements_search()
        self.users, self.functions, _ = _interfaces.build_table(
            users, self, lambda name: name != "search_users" or searches
        )
        self.posts: ctypes.Array[ctypes.c_char] | None = None
        if type(impl).implements_posts():
            self.posts, functions, _ = _interfaces.build_table(posts, self, lambda name: True)
            self.functions += functions

    # The module's function itself, not a method calling it: one frame less on the answer's
    # path (the worker thread's, before the host is woken).
    answer = staticmethod(_answer)


def live_host_repositories() -> int:
    return len(BRIDGES)


def new_host_handle(impl: HostRepository, loop: asyncio.AbstractEventLoop | None = None) -> int:
    """mvvm_repository_new_host() over ``impl``: the new repository's handle. ``loop`` runs
    ``async def`` methods (default: the loop running when a method is called)."""
    if not isinstance(impl, HostRepository):
        raise TypeError(f"a host repository must be a mvvm_seeds.HostRepository, not {type(impl).__name__}")
    bridge = _RepositoryBridge(impl, loop)
    key = next(keys)
    BRIDGES[key] = bridge
    out = c_void_p()
    try:
        _c.C.mvvm_repository_new_host(
            ctypes.addressof(bridge.users),
            ctypes.addressof(bridge.posts) if bridge.posts is not None else None,
            c_void_p(key),
            bridge_destroyed,
            byref(out),
        )
    except BaseException:
        BRIDGES.pop(key, None)
        raise
    return int(out.value or 0)


def new_host_repository(
    impl: HostRepository,
    runtime: Runtime | None = None,
    loop: asyncio.AbstractEventLoop | None = None,
) -> Repository:
    """mvvm_seeds.Repository.host(impl, runtime, loop)."""
    rt = runtime or Runtime.current()
    # The Repository class, which the package resolves from the handle's type.
    from . import Repository

    return Repository._wrap(new_host_handle(impl, loop), rt, impl, True)


#: The names mvvm_seeds exports from here (the rest is reached as mvvm_seeds.host.NAME).
__all__ = ["HostRepository", "UserPage"]

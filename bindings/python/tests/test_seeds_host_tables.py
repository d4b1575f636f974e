"""The seeds' host tables built from their declarations (mvvm_interface_find()): a Python
repository's tables have the described size in struct_size, a callback in every slot of an
implemented member, NULL in an optional one left out, and 0.1's table ends before
search_users."""

from __future__ import annotations

import ctypes

import pytest

import mvvm
from mvvm import _ffi, _interfaces
from mvvm_seeds import Comment, Post, User
from mvvm_seeds.host import HostRepository, UserPage, _RepositoryBridge


class UsersOnly(HostRepository):
    def fetch_users(self, page: int) -> UserPage:
        return UserPage([User(1, "Ada", "ada@example.com")], page, 1)

    def fetch_user(self, user_id: int) -> User:
        return User(user_id, "Ada", "ada@example.com")

    def update_user(self, user: User) -> User:
        return user


class Everything(UsersOnly):
    def search_users(self, query: str, page: int) -> UserPage:
        return UserPage([], page, 0)

    def fetch_post(self, post_id: int) -> Post:
        raise NotImplementedError

    def fetch_comments(self, post_id: int) -> list[Comment]:
        return []

    def set_liked(self, post_id: int, liked: bool) -> Post:
        raise NotImplementedError


def _slots(table: ctypes.Array[ctypes.c_char], interface: _interfaces.Interface) -> dict[str, int | None]:
    return {m.name: ctypes.c_void_p.from_buffer(table, m.offset).value for m in interface.members}


def _interface(name: str) -> _interfaces.Interface:
    with mvvm.Runtime():
        interface = _interfaces.find(name)
    assert interface is not None
    return interface


def test_every_implemented_member_has_its_slot_at_the_described_offset() -> None:
    users, posts = _interface("UserRepository"), _interface("PostRepository")
    bridge = _RepositoryBridge(Everything(), None)
    assert bridge.posts is not None
    for table, interface in ((bridge.users, users), (bridge.posts, posts)):
        assert ctypes.sizeof(table) == interface.size
        assert ctypes.c_uint32.from_buffer(table, 0).value == interface.size
        assert all(_slots(table, interface).values()), interface.name


def test_left_out_search_stays_null_and_left_out_posts_give_no_table() -> None:
    users = _interface("UserRepository")
    bridge = _RepositoryBridge(UsersOnly(), None)
    slots = _slots(bridge.users, users)
    assert slots.pop("search_users") is None
    assert all(slots.values())
    assert bridge.posts is None


def test_the_user_table_of_0_1_ends_before_search_users() -> None:
    users = _interface("UserRepository")
    search = next(m for m in users.members if m.name == "search_users")
    assert search.optional
    assert search.offset == users.members[-1].offset == users.size - ctypes.sizeof(ctypes.c_void_p)


def test_an_unknown_interface_is_none_and_the_library_lists_those_it_has() -> None:
    with mvvm.Runtime():
        assert _interfaces.find("NoSuchRepository") is None
        out = ctypes.POINTER(_ffi.InterfaceInfo)()
        with pytest.raises(mvvm.NotFoundError, match="UserRepository, PostRepository"):
            _ffi.lib().mvvm_interface_find(b"NoSuchRepository", ctypes.byref(out))

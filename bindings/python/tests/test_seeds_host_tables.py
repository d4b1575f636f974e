"""The seeds' host tables as the library declares them (mvvm_interface_find()): the ctypes
structs mvvm_seeds builds a Python repository's tables with have the described members, in
the described order and at the described offsets, so a declaration change cannot leave them
behind silently."""

from __future__ import annotations

import ctypes

import pytest

import mvvm
from mvvm import _ffi, _interfaces
from mvvm_seeds import _c


@pytest.mark.parametrize(
    ("name", "table"),
    [("UserRepository", _c.UserRepositoryVTable), ("PostRepository", _c.PostRepositoryVTable)],
)
def test_the_python_tables_match_the_described_interfaces(name: str, table: type[ctypes.Structure]) -> None:
    with mvvm.Runtime():
        interface = _interfaces.find(name)
    assert interface is not None
    assert interface.size == ctypes.sizeof(table)
    fields = [field[0] for field in table._fields_]
    assert fields == ["struct_size"] + [member.name for member in interface.members]
    for member in interface.members:
        assert getattr(table, member.name).offset == member.offset, member.name


def test_the_user_table_of_0_1_ends_before_search_users() -> None:
    with mvvm.Runtime():
        interface = _interfaces.find("UserRepository")
    assert interface is not None
    search = next(m for m in interface.members if m.name == "search_users")
    assert search.optional
    assert _c.USER_REPOSITORY_VTABLE_SIZE_0_1 == search.offset


def test_an_unknown_interface_is_none_and_the_library_lists_those_it_has() -> None:
    with mvvm.Runtime():
        assert _interfaces.find("NoSuchRepository") is None
        out = ctypes.POINTER(_ffi.InterfaceInfo)()
        with pytest.raises(mvvm.NotFoundError, match="UserRepository, PostRepository"):
            _ffi.lib().mvvm_interface_find(b"NoSuchRepository", ctypes.byref(out))

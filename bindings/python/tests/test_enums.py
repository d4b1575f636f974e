"""The registry through the package (_enums.py): ObjectType is every type mvvm_type_list()
gives, named by mvvm_type_describe(); find_type() is mvvm_type_find(); classes are resolved by
the registered names, with no list of types in Python."""

from __future__ import annotations

import ctypes

import pytest

import mvvm
import mvvm_seeds
from mvvm import _enums, _ffi


def _listed() -> list[int]:
    types = ctypes.POINTER(_ffi.Enum)()
    count = ctypes.c_size_t()
    _ffi.lib().mvvm_type_list(ctypes.byref(types), ctypes.byref(count))
    return [int(types[i]) for i in range(count.value)]


def test_object_type_is_every_listed_type_in_number_order() -> None:
    listed = _listed()
    assert listed == list(range(1, len(listed) + 1))
    assert [int(t) for t in mvvm_seeds.ObjectType] == listed
    assert mvvm_seeds.ObjectType.USER_LIST == _enums.find_type("UserList")


def test_find_type_gives_each_type_by_its_registered_name() -> None:
    for value, name in _enums.type_names().items():
        assert _enums.find_type(name) == value
        assert mvvm.describe(value).name == name


def test_find_type_gives_none_for_a_name_the_library_does_not_have() -> None:
    assert _enums.find_type("NoSuchType") is None
    assert _enums.find_type("userlist") is None  # names are case-sensitive
    assert _enums.find_type("") is None


def test_a_class_is_resolved_by_its_registered_name() -> None:
    assert mvvm_seeds.UserSearch.__name__ == "UserSearch"
    with pytest.raises(AttributeError):
        getattr(mvvm, "NoSuchType")  # noqa: B009

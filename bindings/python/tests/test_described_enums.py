"""The library's C enums (mvvm_enum_describe) become the Python enums of their properties:
the package's own Loading and ViewState while they equal the description, an IntEnum built
from the description otherwise."""

from __future__ import annotations

import ctypes

import mvvm
import mvvm_seeds
from mvvm import _enums, _ffi


def _described(c_type: str) -> list[tuple[str, int]]:
    info = ctypes.POINTER(_ffi.EnumInfo)()
    _ffi.lib().mvvm_enum_describe(c_type.encode(), ctypes.byref(info))
    e = info.contents
    return [(e.cases[i].name.decode().upper(), int(e.cases[i].value)) for i in range(e.case_count)]


def test_the_package_enums_are_exactly_the_library_descriptions() -> None:
    assert [(m.name, m.value) for m in mvvm_seeds.Loading] == _described("mvvm_loading")
    assert [(m.name, m.value) for m in mvvm.ViewState] == _described("mvvm_view_state")
    loading: object = mvvm_seeds.Loading  # the stub's IntEnum is the class built from the description
    assert _enums.for_c_type("mvvm_loading") is loading
    assert _enums.for_c_type("mvvm_view_state") is mvvm.ViewState


def test_every_described_enum_lists_in_registration_order() -> None:
    infos = ctypes.POINTER(_ffi.EnumInfo)()
    count = ctypes.c_size_t()
    _ffi.lib().mvvm_enum_list(ctypes.byref(infos), ctypes.byref(count))
    assert [infos[i].c_type.decode() for i in range(count.value)] == ["mvvm_loading", "mvvm_view_state", "mvvm_navigation"]


def test_a_property_holding_an_enum_reads_as_its_enum(runtime: mvvm.Runtime) -> None:
    users = mvvm_seeds.UserList(mvvm_seeds.Repository.sample(runtime))
    before = users.loading
    users.on_appear()
    assert (before, users.loading) == (mvvm_seeds.Loading.NONE, mvvm_seeds.Loading.FULL_SCREEN)
    assert type(users.loading) is mvvm_seeds.Loading


def test_an_enum_the_library_does_not_describe_has_no_python_enum() -> None:
    assert _enums.for_c_type("notes_sort") is None

"""The prototype table against Include/mvvm.h, and the signal tables against the library."""

from __future__ import annotations

import ctypes
import re
from ctypes import POINTER, c_char_p, c_int, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Any

import pytest

import mvvm
from mvvm import _ffi

HEADER = Path(__file__).resolve().parents[3] / "Include" / "mvvm.h"

# C type (spelled as in the header, without parameter names) -> ctypes type of the table.
C_TYPES: dict[str, Any] = {
    "void": None,
    "mvvm_status": _ffi.Status,
    "int32_t": c_int32,
    "int64_t": c_int64,
    "uint32_t": c_uint32,
    "uint64_t": c_uint64,
    "size_t": c_size_t,
    "int *": POINTER(c_int),
    "int32_t *": POINTER(c_int32),
    "int64_t *": POINTER(c_int64),
    "uint64_t *": POINTER(c_uint64),
    "const int64_t *": POINTER(c_int64),
    "const char *": c_char_p,
    "const char **": POINTER(c_char_p),
    "mvvm_object *": _ffi.ObjectPtr,
    "mvvm_object **": POINTER(_ffi.ObjectPtr),
    "mvvm_request *": _ffi.RequestPtr,
    "void *": c_void_p,
    "mvvm_type": _ffi.Enum,
    "mvvm_type *": POINTER(_ffi.Enum),
    "mvvm_callback": _ffi.FnPtr,
    "mvvm_command_fn *": POINTER(_ffi.FnPtr),
    "mvvm_destroy_notify": _ffi.DestroyNotify,
    "const mvvm_type_info **": POINTER(POINTER(_ffi.TypeInfo)),
    "mvvm_user *": POINTER(_ffi.User),
    "const mvvm_user *": POINTER(_ffi.User),
    "mvvm_post *": POINTER(_ffi.Post),
    "const mvvm_post *": POINTER(_ffi.Post),
    "mvvm_comment *": POINTER(_ffi.Comment),
    "const mvvm_comment *": POINTER(_ffi.Comment),
    "mvvm_sample_options *": POINTER(_ffi.SampleOptions),
    "const mvvm_sample_options *": POINTER(_ffi.SampleOptions),
    "const mvvm_user_repository_vtable *": POINTER(_ffi.UserRepositoryVTable),
    "const mvvm_post_repository_vtable *": POINTER(_ffi.PostRepositoryVTable),
    # the plug-in table is not modelled: an opaque pointer to it
    "const mvvm_api **": POINTER(c_void_p),
}

PROTO = re.compile(
    r"^(?P<ret>(?:const\s+)?[a-z_0-9]+(?:\s*\*)?)\s*(?P<name>mvvm_[a-z_0-9]+)\((?P<args>[^;]*?)\);",
    re.M | re.S,
)


def _norm(c_type: str) -> str:
    c_type = re.sub(r"\s+", " ", c_type.strip())
    c_type = re.sub(r"\s*\*", " *", c_type)
    return c_type.replace("* *", "**")


def _param_type(param: str) -> str:
    param = _norm(param)
    m = re.match(r"^(.*?[\s*])([a-z_][a-z_0-9]*)$", param)
    assert m, param
    return _norm(m.group(1))


def parse_header(text: str) -> dict[str, tuple[str, list[str]]]:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out: dict[str, tuple[str, list[str]]] = {}
    for m in PROTO.finditer(text):
        args = m.group("args").strip()
        params = [] if args == "void" else [_param_type(p) for p in args.split(",")]
        out[m.group("name")] = (_norm(m.group("ret")), params)
    return out


def test_header_parses() -> None:
    funcs = parse_header(HEADER.read_text())
    assert len(funcs) >= 80
    assert funcs["mvvm_user_list_get_row"] == ("mvvm_status", ["mvvm_object *", "int64_t", "mvvm_user *"])
    assert funcs["mvvm_version_string"] == ("const char *", [])


def test_every_header_function_is_in_the_table() -> None:
    funcs = parse_header(HEADER.read_text())
    missing = sorted(set(funcs) - set(_ffi.PROTOTYPES))
    assert not missing, f"functions of mvvm.h missing from mvvm/_ffi.py PROTOTYPES: {missing}"
    extra = sorted(set(_ffi.PROTOTYPES) - set(funcs))
    assert not extra, f"PROTOTYPES has functions mvvm.h does not declare: {extra}"


@pytest.mark.parametrize("name", sorted(parse_header(HEADER.read_text())))
def test_prototype_types_match_header(name: str) -> None:
    ret, params = parse_header(HEADER.read_text())[name]
    restype, argtypes = _ffi.PROTOTYPES[name]
    assert C_TYPES[ret] is restype, f"{name}: return {ret} vs {restype}"
    expected = [C_TYPES[p] for p in params]
    assert list(argtypes) == expected, f"{name}: {params} vs {argtypes}"


def test_struct_layouts_match_header() -> None:
    text = re.sub(r"/\*.*?\*/", "", HEADER.read_text(), flags=re.S)
    for c_name, struct in [
        ("mvvm_user", _ffi.User),
        ("mvvm_post", _ffi.Post),
        ("mvvm_comment", _ffi.Comment),
        ("mvvm_list_change", _ffi.ListChange),
        ("mvvm_sample_options", _ffi.SampleOptions),
        ("mvvm_member_info", _ffi.MemberInfo),
        ("mvvm_type_info", _ffi.TypeInfo),
    ]:
        m = re.search(r"typedef struct %s \{(.*?)\} %s;" % (c_name, c_name), text, re.S)
        assert m, c_name
        names = re.findall(r"\*?([a-z_]+);", m.group(1))
        assert names == [f[0] for f in struct._fields_], c_name


def test_required_functions_are_exported() -> None:
    lib = _ffi.lib()
    for name in _ffi.PROTOTYPES:
        if name not in _ffi.OPTIONAL:
            assert hasattr(lib, name), name
            fn = getattr(lib, name)
            declared = _ffi.PROTOTYPES[name][0]
            if declared is _ffi.Status:
                # Checked functions return a plain int to ctypes and go through errcheck.
                assert fn.restype is ctypes.c_int, name
                assert fn.errcheck is _ffi._errcheck, name
            else:
                assert fn.restype is declared, name


def test_status_enum_matches_header() -> None:
    text = HEADER.read_text()
    for m in re.finditer(r"MVVM_(OK|E_[A-Z_0-9]+) = (\d+),", text):
        name = m.group(1).removeprefix("E_")
        assert mvvm.Status[name] == int(m.group(2))


@pytest.mark.parametrize(
    "cls",
    [mvvm.Repository, mvvm.UserList, mvvm.UserDetail, mvvm.PostDetail, mvvm.SortedIntegers,
     mvvm.Stopwatch, mvvm.Coordinator],
)
def test_signal_tables_match_library(cls: type[mvvm.MvvmObject]) -> None:
    info = mvvm.describe(cls.object_type)
    lib_signals = {m.name: m.c_signature for m in info.members if m.kind == mvvm.MemberKind.SIGNAL}
    assert set(lib_signals) == set(cls.signals)
    for name, spec in cls.signals.items():
        assert spec.c_signature == lib_signals[name], name

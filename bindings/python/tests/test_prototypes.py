"""The prototype tables and structs against the headers, and the built classes' signal tables
against the library.

The framework's table (mvvm/_ffi.py) and the seeds' (mvvm_seeds/_c.py) together hold every
function of Include/mvvm.h and Include/mvvm_seeds.h (when the seeds' declarations are split
out of mvvm.h into it) except the per-type ones (the generated sections, whose functions the
package reaches through the generic entry points); those are exactly the functions the
library's introspection names."""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
from ctypes import POINTER, c_char_p, c_int, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Any

import pytest

import mvvm
import mvvm_seeds
import mvvm_seeds
from mvvm import _ffi, _interfaces
from mvvm_seeds import _c as seeds

INCLUDE = Path(__file__).resolve().parents[3] / "Include"
HEADER = INCLUDE / "mvvm.h"
#: The seeds' app's own header, once its declarations are split out of mvvm.h (it includes
#: mvvm.h); until then mvvm.h declares them.
SEEDS_HEADER = INCLUDE / "mvvm_seeds.h"
HEADERS = [HEADER] + ([SEEDS_HEADER] if SEEDS_HEADER.exists() else [])
#: Every function of both tables.
PROTOTYPES: dict[str, Any] = {**_ffi.PROTOTYPES, **seeds.PROTOTYPES}


def header_text() -> str:
    """The headers' text, the framework's first."""
    return "\n".join(h.read_text() for h in HEADERS)

# C type (spelled as in the header, without parameter names) -> ctypes type of the table.
C_TYPES: dict[str, Any] = {
    "void": None,
    "mvvm_status": _ffi.Status,  # mvvm.c_status
    "int32_t": c_int32,
    "int64_t": c_int64,
    "uint32_t": c_uint32,
    "uint64_t": c_uint64,
    "size_t": c_size_t,
    "size_t *": POINTER(c_size_t),
    "int *": POINTER(c_int),
    "int32_t *": POINTER(c_int32),
    "int64_t *": POINTER(c_int64),
    "uint32_t *": POINTER(c_uint32),
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
    "const mvvm_type **": POINTER(POINTER(_ffi.Enum)),
    "mvvm_callback": _ffi.FnPtr,
    "mvvm_command_fn *": POINTER(_ffi.FnPtr),
    "mvvm_destroy_notify": _ffi.DestroyNotify,
    "const mvvm_type_info **": POINTER(POINTER(_ffi.TypeInfo)),
    "const mvvm_record_info **": POINTER(POINTER(_ffi.RecordInfo)),
    "const int32_t **": POINTER(POINTER(c_int32)),
    "const mvvm_enum_info **": POINTER(POINTER(_ffi.EnumInfo)),
    "const mvvm_interface_info **": POINTER(POINTER(_ffi.InterfaceInfo)),
    "const void *": c_void_p,
    # strings the library hands over as owned (freed with mvvm_string_free): kept as addresses
    "char **": POINTER(c_void_p),
    "char *": c_void_p,
    "const mvvm_replay_options *": POINTER(_ffi.ReplayOptions),
    # records by address: their structs are laid out from their descriptions (mvvm._records,
    # checked against the header and the compiler below)
    "mvvm_user *": c_void_p,
    "const mvvm_user *": c_void_p,
    "mvvm_post *": c_void_p,
    "const mvvm_post *": c_void_p,
    "mvvm_comment *": c_void_p,
    "const mvvm_comment *": c_void_p,
    "mvvm_value *": POINTER(_ffi.Value),
    "const mvvm_value *": POINTER(_ffi.Value),
    "const mvvm_init_options *": POINTER(_ffi.InitOptions),
    "mvvm_sample_options *": POINTER(seeds.SampleOptions),
    "const mvvm_sample_options *": POINTER(seeds.SampleOptions),
    "mvvm_http_options *": POINTER(seeds.HTTPOptions),
    "const mvvm_http_options *": POINTER(seeds.HTTPOptions),
    # built from their descriptions (test_seeds_host_tables.py), passed as addresses
    "const mvvm_user_repository_vtable *": c_void_p,
    "const mvvm_post_repository_vtable *": c_void_p,
    # the plug-in table is not modelled: an opaque pointer to it
    "const mvvm_api **": POINTER(c_void_p),
    "const mvvm_seeds_api **": POINTER(c_void_p),
}

#: C struct -> its ctypes mirror (mvvm_value's union is checked with it).
STRUCTS: dict[str, Any] = {
    "mvvm_list_change": _ffi.ListChange,
    "mvvm_init_options": _ffi.InitOptions,
    "mvvm_sample_options": seeds.SampleOptions,
    "mvvm_http_options": seeds.HTTPOptions,
    "mvvm_member_info": _ffi.MemberInfo,
    "mvvm_argument_info": _ffi.ArgumentInfo,
    "mvvm_member_shape": _ffi.MemberShape,
    "mvvm_type_info": _ffi.TypeInfo,
    "mvvm_c_parameter": _ffi.CParameter,
    "mvvm_c_function": _ffi.CFunction,
    "mvvm_constructor_info": _ffi.ConstructorInfo,
    "mvvm_int64_array": _ffi.Int64Array,
    "mvvm_value": _ffi.Value,
}

PROTO = re.compile(
    r"^(?P<ret>(?:const\s+)?[a-z_0-9]+(?:\s*\*)?)\s*(?P<name>mvvm_[a-z_0-9]+)\((?P<args>[^;]*?)\);",
    re.M | re.S,
)
#: The generated blocks of per-type functions: the ViewModels' sections and the named
#: constructors.
GENERATED = re.compile(r"/\* BEGIN GENERATED (sections|constructors).*?/\* END GENERATED \1 \*/", re.S)


def _norm(c_type: str) -> str:
    c_type = re.sub(r"\s+", " ", c_type.strip())
    c_type = re.sub(r"\s*\*", " *", c_type)
    return c_type.replace("* *", "**")


def _param_type(param: str) -> str:
    param = _norm(param)
    m = re.match(r"^(.*?[\s*])([a-z_][a-z_0-9]*)$", param)
    assert m, param
    return _norm(m.group(1))


def _uncomment(text: str) -> str:
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def parse_header(text: str) -> dict[str, tuple[str, list[str]]]:
    text = _uncomment(text)
    out: dict[str, tuple[str, list[str]]] = {}
    for m in PROTO.finditer(text):
        args = m.group("args").strip()
        params = [] if args == "void" else [_param_type(p) for p in args.split(",")]
        out[m.group("name")] = (_norm(m.group("ret")), params)
    return out


def header_functions() -> tuple[dict[str, tuple[str, list[str]]], set[str]]:
    """Every function of the headers, and the names of the per-type ones (generated sections)."""
    text = header_text()
    sections = [match.group(0) for match in GENERATED.finditer(text)]
    assert sections, "the headers' generated per-type sections were not found"
    return parse_header(text), set().union(*(parse_header(section) for section in sections))


def introspected_functions() -> set[str]:
    """The typed functions the library's introspection names: members' `function`, and the
    typed count getter of a list that no property counts (its shape's `count`, e.g.
    "comment-count": the getter beside the list's item getter)."""
    names: set[str] = set()
    for t in mvvm_seeds.ObjectType:
        names |= {c.function for c in mvvm.describe(t).constructors}
        members = mvvm.describe(t).members
        properties = {m.name for m in members if m.kind == mvvm.MemberKind.PROPERTY}
        names |= {m.function for m in members if m.function}
        for m in members:
            count = m.shape.count if m.shape else None
            if m.kind == mvvm.MemberKind.LIST and m.function and count and count not in properties:
                names.add(m.function.rsplit("_get_", 1)[0] + "_get_" + count.replace("-", "_"))
    return names


def options_inits(functions: set[str]) -> set[str]:
    """The options structs' ``NAME_init`` functions among ``functions`` (in the constructors'
    blocks, not described)."""
    return {f for f in functions if f.endswith("_options_init")}


def test_header_parses() -> None:
    funcs, per_type = header_functions()
    assert len(funcs) >= 80 and len(per_type) >= 50
    assert funcs["mvvm_object_get_item"] == (
        "mvvm_status", ["mvvm_object *", "uint32_t", "int64_t", "mvvm_value *"]
    )
    assert funcs["mvvm_version_string"] == ("const char *", [])
    assert "mvvm_user_list_get_row" in per_type and "mvvm_object_get" not in per_type


def test_the_table_has_every_function_but_the_per_type_ones() -> None:
    funcs, per_type = header_functions()
    missing = sorted(set(funcs) - per_type - set(PROTOTYPES))
    assert not missing, f"functions of the headers missing from mvvm/_ffi.py's or mvvm_seeds/_c.py's PROTOTYPES: {missing}"
    extra = sorted(set(PROTOTYPES) - set(funcs))
    assert not extra, f"PROTOTYPES has functions the headers do not declare: {extra}"
    # The options structs' _init functions are bound by hand, as their structs are (options
    # structs are not described); every other per-type function is described.
    typed = sorted(set(PROTOTYPES) & per_type - options_inits(per_type))
    assert not typed, f"PROTOTYPES has per-type functions (use the generic entry points or mvvm.bind_constructor): {typed}"
    both = sorted(set(_ffi.PROTOTYPES) & set(seeds.PROTOTYPES))
    assert not both, f"functions in both the framework's and the seeds' tables: {both}"


@pytest.mark.skipif(not SEEDS_HEADER.exists(), reason="the seeds' declarations are still in mvvm.h")
def test_the_framework_binds_the_framework_header_and_the_seeds_their_own() -> None:
    framework = parse_header(HEADER.read_text())
    assert set(_ffi.PROTOTYPES) <= set(framework), sorted(set(_ffi.PROTOTYPES) - set(framework))
    assert not set(seeds.PROTOTYPES) & set(framework), sorted(set(seeds.PROTOTYPES) & set(framework))


def test_described_constructors_have_the_headers_parameter_types() -> None:
    # What mvvm.bind_constructor() binds from is what the header declares.
    funcs, _ = header_functions()
    constructors = [c for t in mvvm_seeds.ObjectType for c in mvvm.describe(t).constructors]
    assert {c.function for c in constructors} >= {"mvvm_repository_new_sample", "mvvm_repository_new_host"}
    for constructor in constructors:
        ret, params = funcs[constructor.function]
        assert ret == "mvvm_status"
        assert [p.spelling for p in constructor.c_function.parameters] == params, constructor.function


def test_per_type_functions_are_the_introspected_ones() -> None:
    # What the package does not bind, the library describes: every typed function is a
    # member's `function`, so every member is reachable through the generic entry points.
    _, per_type = header_functions()
    assert per_type - options_inits(per_type) == introspected_functions()


@pytest.mark.parametrize("name", sorted(PROTOTYPES))
def test_prototype_types_match_header(name: str) -> None:
    funcs, _ = header_functions()
    ret, params = funcs[name]
    restype, argtypes = PROTOTYPES[name]
    assert C_TYPES[ret] is restype, f"{name}: return {ret} vs {restype}"
    expected = [C_TYPES[p] for p in params]
    assert list(argtypes) == expected, f"{name}: {params} vs {argtypes}"


def _struct_body(text: str, c_name: str) -> str:
    m = re.search(r"typedef struct %s \{(.*?)\} %s;" % (c_name, c_name), text, re.S)
    assert m, c_name
    return m.group(1)


def _field_names(body: str) -> list[str]:
    """The declared names of a struct body: plain fields, function pointers, a nested
    union (as its name; its fields are returned by the caller separately)."""
    names: list[str] = []
    body = re.sub(r"union\s*\{.*?\}\s*([a-z_0-9]+)\s*;", r"union_ \1;", body, flags=re.S)
    for decl in body.split(";"):
        decl = decl.strip()
        if not decl:
            continue
        fn = re.search(r"\(\*\s*([a-z_0-9]+)\)", decl)
        decl = re.sub(r"\[[^\]]*\]\s*$", "", decl)  # an array's size ("record[64]") is not its name
        names.append(fn.group(1) if fn else re.findall(r"[a-z_0-9]+", decl)[-1])
    return names


def all_structs() -> dict[str, Any]:
    """STRUCTS and the structs mvvm._records lays out from the records' descriptions."""
    return {**STRUCTS, **{r.c_type: r.struct for r in mvvm_records()}}


def test_struct_layouts_match_header() -> None:
    text = _uncomment(header_text())
    for c_name, struct in all_structs().items():
        names = _field_names(_struct_body(text, c_name))
        ours = [f[0] for f in struct._fields_]
        if struct is _ffi.Value:
            ours = ["as" if n == "as_" else n for n in ours]
        assert names == ours, c_name
    union = re.search(r"union\s*\{(.*?)\}\s*as\s*;", _struct_body(text, "mvvm_value"), re.S)
    assert union
    # The framework's union holds a record as bytes ("record", its size: the compiler test);
    # a header's member of a record's struct type (mvvm_user user) is one of those records.
    records = {r.c_type for r in mvvm_records()}
    declared = [d.strip() for d in union.group(1).split(";") if d.strip()]
    framework = [n for d, n in zip(declared, _field_names(union.group(1))) if d.split()[0] not in records]
    assert [n for n in framework if n != "record"] == [f[0] for f in _ffi.ValueUnion._fields_ if f[0] != "record"]


def mvvm_records() -> list[Any]:
    from mvvm import _records

    return _records.all_records()


def _c_compiler() -> str | None:
    for cc in (os.environ.get("CC"), "cc", "clang", "gcc", "/opt/swift/usr/bin/clang"):
        if cc and shutil.which(cc):
            return cc
    return None


@pytest.mark.skipif(_c_compiler() is None, reason="no C compiler to measure the header's structs")
def test_struct_sizes_and_offsets_match_the_compiler(tmp_path: Path) -> None:
    """sizeof and every offsetof of the mirrored structs, as a C compiler lays them out."""
    includes = [f'#include "{h.name}"' for h in HEADERS]
    lines = ["#include <stdio.h>", "#include <stddef.h>", *includes, "int main(void) {"]
    expected: list[str] = []
    for c_name, struct in all_structs().items():
        lines.append(f'printf("%zu\\n", sizeof({c_name}));')
        expected.append(str(ctypes.sizeof(struct)))
        for field, *_ in struct._fields_:
            c_field = "as" if field == "as_" else field
            lines.append(f'printf("%zu\\n", offsetof({c_name}, {c_field}));')
            expected.append(str(getattr(struct, field).offset))
    # the host tables as described (the layout mvvm_seeds builds them with), and 0.1's size
    with mvvm.Runtime():
        interfaces = [_interfaces.find(name) for name in ("UserRepository", "PostRepository")]
    for interface in interfaces:
        assert interface is not None
        lines.append(f'printf("%zu\\n", sizeof({interface.c_type}));')
        expected.append(str(interface.size))
        for member in interface.members:
            lines.append(f'printf("%zu\\n", offsetof({interface.c_type}, {member.name}));')
            expected.append(str(member.offset))
    lines.append(f'printf("%zu\\n", (size_t)MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1);')
    assert interfaces[0] is not None
    expected.append(str(next(m.offset for m in interfaces[0].members if m.name == "search_users")))
    lines += ["return 0;", "}"]
    src, exe = tmp_path / "layout.c", tmp_path / "layout"
    src.write_text("\n".join(lines) + "\n")
    cc = _c_compiler()
    assert cc is not None
    subprocess.run([cc, "-I", str(HEADER.parent), str(src), "-o", str(exe)], check=True, timeout=120)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.split() == expected


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
    "prefix, enum",
    [
        ("MVVM_TYPE_", mvvm_seeds.ObjectType),
        ("MVVM_LOADING_", mvvm_seeds.Loading),
        ("MVVM_VIEW_STATE_", mvvm.ViewState),
        ("MVVM_NAVIGATION_", mvvm_seeds.Navigation),
        ("MVVM_LIST_", mvvm.ListChangeKind),
        ("MVVM_MEMBER_", mvvm.MemberKind),
        ("MVVM_VALUE_", mvvm.ValueKind),
        ("MVVM_CONNECT_", mvvm.ConnectFlags),
        ("MVVM_C_", mvvm.CBase),
        ("MVVM_C_", mvvm.CDirection),
        ("MVVM_C_", mvvm.COwnership),
    ],
)
def test_enums_match_header(prefix: str, enum: Any) -> None:
    text = _uncomment(header_text())
    found = {m.group(1): int(m.group(2)) for m in re.finditer(rf"\b{prefix}([A-Z_0-9]+) = (\d+)\b", text)}
    # An application header's constants are macros: #define MVVM_TYPE_USER_LIST ((mvvm_type)2).
    found |= {m.group(1): int(m.group(2))
              for m in re.finditer(rf"#define {prefix}([A-Z_0-9]+) \(\([a-z_]+\)(\d+)\)", text)}
    if enum is mvvm.MemberKind:  # MVVM_MEMBER_ also prefixes the flags
        found = {k: v for k, v in found.items() if k not in ("SETTABLE", "NULLABLE")}
    if enum in (mvvm.CBase, mvvm.CDirection, mvvm.COwnership):  # three enums share MVVM_C_
        found = {k: v for k, v in found.items() if k in enum.__members__}
    if enum is mvvm.ValueKind:  # the records' kinds are described, not the framework's enum's
        found = {k: v for k, v in found.items() if v not in {r.kind for r in mvvm_records()}}
    assert found == {e.name: e.value for e in enum}


@pytest.mark.parametrize("object_type", list(mvvm_seeds.ObjectType), ids=lambda t: t.name)
def test_signal_tables_match_library(object_type: mvvm_seeds.ObjectType) -> None:
    cls = getattr(mvvm, mvvm.describe(object_type).name)
    assert cls.object_type is object_type
    info = mvvm.describe(object_type)
    lib_signals = {m.name: m.c_signature for m in info.members if m.kind == mvvm.MemberKind.SIGNAL}
    assert set(lib_signals) == set(cls.signals)  # every shape of today's library is mapped
    for name, spec in cls.signals.items():
        assert spec.c_signature == lib_signals[name], name


def test_only_the_listed_quick_functions_keep_the_gil(runtime: mvvm.Runtime) -> None:
    # HOLDS_GIL names table functions whose ctypes binding keeps the GIL through the call;
    # every other function releases it (a CDLL function), as a call that may run handlers must.
    lib = _ffi.lib()
    assert _ffi.HOLDS_GIL <= set(_ffi.PROTOTYPES)
    for name in sorted(_ffi.PROTOTYPES):
        keeps = bool(type(getattr(lib, name))._flags_ & ctypes._FUNCFLAG_PYTHONAPI)  # type: ignore[attr-defined]
        assert keeps == (name in _ffi.HOLDS_GIL), name
    # Bound that way, they still check their status like the rest.
    with pytest.raises(mvvm.InvalidArgumentError):
        lib.mvvm_request_fail(None, b"x")
    # The seeds' table, bound by mvvm.bind_function, the same way.
    assert seeds.HOLDS_GIL <= set(seeds.PROTOTYPES)
    for name in sorted(seeds.PROTOTYPES):
        keeps = bool(type(getattr(seeds.C, name))._flags_ & ctypes._FUNCFLAG_PYTHONAPI)  # type: ignore[attr-defined]
        assert keeps == (name in seeds.HOLDS_GIL), name
    with pytest.raises(mvvm.InvalidArgumentError, match="mvvm_request_resolve_user"):
        seeds.C.mvvm_request_resolve_user(None, None)

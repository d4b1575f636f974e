"""The framework's enumerations of mvvm.h, :data:`ObjectType` and an application's enums, the
last two built from the library's introspection at first use. ``import mvvm`` does not import
this module (nor enum): the package's modules and ``mvvm.ValueKind`` import it on first use.

Every enum prints as ``ViewState.LOADED`` (``str()`` and an empty ``format()`` spec), also
on Python 3.11+, where a plain IntEnum prints as its number; they still compare, hash and
format (``f"{x:d}"``) as ints.
"""

from __future__ import annotations

import ctypes
from enum import IntEnum, IntFlag

from . import _ffi

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from typing import Any


class Enum(IntEnum):
    """An IntEnum that prints with its name (``ViewState.LOADED``), not its number: the base
    of every enum the package builds (``mvvm.Enum``), and of an application's hand-written ones."""

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else int.__format__(int(self), spec)


if TYPE_CHECKING:

    class ObjectType(Enum):
        """mvvm_type: the type of an object, built from the loaded library's types (an
        application's stub types its cases)."""


class ViewState(Enum):
    """The state of data loaded asynchronously (MVVMBinding's ViewState): an application
    registers it as an enum of its own C name (EnumDeclaration(viewStateOf:))."""

    IDLE = 0
    LOADING = 1
    LOADED = 2
    EMPTY = 3
    FAILED = 4


class ListChangeKind(Enum):
    """mvvm_list_change_kind."""

    RESET = 1
    INSERT = 2
    REMOVE = 3
    UPDATE = 4
    MOVE = 5


class MemberKind(Enum):
    """mvvm_member_kind."""

    PROPERTY = 1
    COMMAND = 2
    SIGNAL = 3
    LIST = 4
    CONSTRUCTOR = 5


class ValueKind(Enum):
    """mvvm_value_kind."""

    NONE = 0
    BOOL = 1
    INT32 = 2
    INT64 = 3
    UINT64 = 4
    DOUBLE = 5
    STRING = 6
    # 7...9 and 12 on: the records' kinds, as the library describes them (mvvm_record_describe)
    OBJECT = 10
    INT64_ARRAY = 11


class CBase(Enum):
    """mvvm_c_base: the base of a C type in a member's function (mvvm_c_parameter)."""

    VOID = 0
    STATUS = 1
    INT32 = 2
    INT64 = 3
    UINT64 = 4
    SIZE = 5
    DOUBLE = 6
    CHAR = 7
    OBJECT = 8
    RECORD = 9
    LIST_CHANGE = 10
    DESTROY_NOTIFY = 11
    VTABLE = 12
    REQUEST = 13
    OPTIONS = 14


class CDirection(Enum):
    """mvvm_c_direction."""

    IN = 0
    OUT = 1


class COwnership(Enum):
    """mvvm_c_ownership: who owns what a pointer parameter leads to."""

    BY_VALUE = 0
    LENT = 1
    BORROWED = 2
    OWNED = 3


class MemberFlags(IntFlag):
    """mvvm_member_flags."""

    SETTABLE = 1
    NULLABLE = 2


class ConnectFlags(Enum):
    """mvvm_connect_flags."""

    DEFAULT = 0
    SWAPPED = 1
    NO_OBJECT = 2


#: The package's own enums of an application's C enums, by the described name, for ``from
#: mvvm import ViewState`` without loading the library. :func:`for_c_type` uses one only
#: while it equals the library's description (mvvm_enum_describe); every other enum (an
#: application's) is built from that description.
BY_NAME: dict[str, type[Enum]] = {"ViewState": ViewState}

#: The framework's own C enums (mvvm.h's), which the library does not describe.
FRAMEWORK: dict[str, type[Enum]] = {"mvvm_list_change_kind": ListChangeKind}
_DESCRIBED: dict[str, type[Enum] | None] = {}


def for_c_type(c_type: str) -> type[Enum] | None:
    """The Python enum of the library's C enum ``c_type`` (an mvvm_member_shape.enum_name),
    built from its description, or the package's class of that name when it has exactly the
    described cases; None for an enum the library does not describe."""
    if c_type in _DESCRIBED:
        return _DESCRIBED[c_type]
    import ctypes

    from . import _ffi

    info = ctypes.POINTER(_ffi.EnumInfo)()
    status = _ffi.unchecked("mvvm_enum_describe")(c_type.encode(), ctypes.byref(info))
    built: type[Enum] | None = None
    if status == 0:
        e = info.contents
        cases = [(e.cases[i].name.decode().upper(), int(e.cases[i].value)) for i in range(e.case_count)]
        own = BY_NAME.get(e.name.decode())
        if own is not None and [(m.name, m.value) for m in own] == cases:
            built = own
        else:
            built = Enum(e.name.decode(), cases, module="mvvm")  # type: ignore[assignment, call-arg]
            if e.doc:
                built.__doc__ = e.doc.decode()
    elif c_type in FRAMEWORK:
        built = FRAMEWORK[c_type]  # a framework enum (list changes), not described
    _DESCRIBED[c_type] = built
    return built


def described_infos() -> list[_ffi.EnumInfo]:
    """The library's descriptions of its enums (mvvm_enum_list(), in its order); [] for a
    library without mvvm_enum_list."""
    enums = ctypes.POINTER(_ffi.EnumInfo)()
    count = ctypes.c_size_t()
    if not _ffi.has("mvvm_enum_list") or _ffi.unchecked("mvvm_enum_list")(ctypes.byref(enums), ctypes.byref(count)) != 0:
        return []
    return [enums[index] for index in range(count.value)]


def described_named(name: str) -> type[Enum] | None:
    """The enum the library registered as ``name`` (an application's own, such as Notes'
    ``Priority``), built as :func:`for_c_type` builds it; None when it has none of that name."""
    for info in described_infos():
        if info.name.decode() == name:
            return for_c_type(info.c_type.decode())
    return None


def constant_name(type_name: str) -> str:
    """"ItemList" -> "NOTE_LIST" (the mvvm_type enumerator without MVVM_TYPE_)."""
    out: list[str] = []
    for i, ch in enumerate(type_name):
        if ch.isupper() and i and not type_name[i - 1].isupper():
            out.append("_")
        out.append(ch.upper())
    return "".join(out)


_type_names: dict[int, str] | None = None
_object_type: type[ObjectType] | None = None


def type_names() -> dict[int, str]:
    """mvvm_type -> the type's name ("ItemList"), for every type the loaded library registered
    (mvvm_type_list(), each named by mvvm_type_describe())."""
    global _type_names
    if _type_names is None:
        types = ctypes.POINTER(_ffi.Enum)()
        count = ctypes.c_size_t()
        _ffi.lib().mvvm_type_list(ctypes.byref(types), ctypes.byref(count))
        info = ctypes.POINTER(_ffi.TypeInfo)()
        names: dict[int, str] = {}
        for t in (int(types[i]) for i in range(count.value)):
            _ffi.lib().mvvm_type_describe(t, ctypes.byref(info))
            names[t] = _ffi.decode(info.contents.name) or f"Type{t}"
        _type_names = names
    return _type_names


def find_type(name: str) -> int | None:
    """mvvm_type_find(): the number of the type named ``name`` ("ItemList"), None if the
    library has no such type."""
    found = _ffi.Enum()
    status = _ffi.unchecked("mvvm_type_find")(name.encode(), ctypes.byref(found))
    return int(found.value) if status == 0 else None


def object_type_enum() -> type[ObjectType]:
    """mvvm.ObjectType: mvvm_type's enumerators, named from the library's type names."""
    global _object_type
    if _object_type is None:
        members = [(constant_name(name), value) for value, name in type_names().items()]
        functional: Any = Enum  # the functional API, which typeshed's Enum stub does not model
        enum = functional("ObjectType", members, module="mvvm", qualname="ObjectType")
        enum.__doc__ = "mvvm_type: the type of an object (built from mvvm_type_describe())."
        _object_type = enum
    return _object_type


def object_type(value: int) -> ObjectType:
    """``value`` as an ObjectType (an int for a type this library does not have)."""
    try:
        return object_type_enum()(value)
    except ValueError:
        return value  # type: ignore[return-value]

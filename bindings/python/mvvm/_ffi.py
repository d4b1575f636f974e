"""The one table of C prototypes of libmvvm, the library loader and the status check.

Every ``argtypes``/``restype``/``errcheck`` of the package comes from :data:`PROTOTYPES`;
``tests/test_prototypes.py`` parses ``Include/mvvm.h`` and fails when this table disagrees.
The table holds the framework's functions: the runtime, signals, introspection, the generic
entry points (``mvvm_object_get/set/invoke/...``) and the host request answers. An
application's own functions are not here: its Python module binds them with
:func:`bind_function`. The typed per-type functions are not used: every member of every type
is reached by its id through the generic entry points (see _classes.py).
"""

from __future__ import annotations

import _thread
import ctypes
import os
import sys
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    Union,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)

from . import errors

#: typing.TYPE_CHECKING without importing typing, which would add a few ms to `import mvvm`
#: (measured against PyGObject's import in Benchmarks/python): False at run time, and mypy
#: treats any name TYPE_CHECKING as true.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, Final, TypeAlias

#: The MVVM_ABI_VERSION this package was written for.
ABI_VERSION: Final = 2

# ---------------------------------------------------------------------------------------
# C types
# ---------------------------------------------------------------------------------------


class Status(c_int):
    """mvvm_status as a restype: a distinct type, so the table says which functions are
    checked (ctypes hands the errcheck an instance, not an int)."""


#: The other C enums passed by value or through pointers.
Enum = c_int
#: mvvm_object *, mvvm_request *: opaque pointers.
ObjectPtr = c_void_p
RequestPtr = c_void_p
#: mvvm_callback / mvvm_command_fn: generic function pointers, passed as addresses.
FnPtr = c_void_p

DestroyNotify = CFUNCTYPE(None, c_void_p)


class ListChange(Structure):
    _fields_ = [("kind", c_int32), ("start", c_int64), ("count", c_int64)]


class InitOptions(Structure):
    _fields_ = [("struct_size", c_uint32), ("flags", c_uint32), ("journal_path", c_char_p)]


#: mvvm_init_flags.MVVM_INIT_REPORT_LEAKS
INIT_REPORT_LEAKS: Final = 1


class ReplayOptions(Structure):
    _fields_ = [("struct_size", c_uint32), ("settle_ms", c_uint32)]


class MemberInfo(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("kind", c_int),
        ("function", c_char_p),
        ("c_signature", c_char_p),
    ]


class ArgumentInfo(Structure):
    _fields_ = [("name", c_char_p), ("kind", c_int)]


class MemberShape(Structure):
    _fields_ = [
        ("value_kind", c_int),
        ("flags", c_uint32),
        ("enum_name", c_char_p),
        ("related", c_char_p),
        ("count", c_char_p),
        ("argument_count", c_size_t),
        ("arguments", POINTER(ArgumentInfo)),
        ("doc", c_char_p),
    ]


class CParameter(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("base", c_int),
        ("type_name", c_char_p),
        ("pointers", c_uint32),
        ("is_const", c_int32),
        ("direction", c_int),
        ("ownership", c_int),
        ("spelling", c_char_p),
    ]


class CFunction(Structure):
    _fields_ = [("result", c_int), ("parameter_count", c_size_t), ("parameters", POINTER(CParameter))]


class ConstructorInfo(Structure):
    _fields_ = [("name", c_char_p), ("function", c_char_p), ("doc", c_char_p), ("c_function", CFunction)]


class TypeInfo(Structure):
    _fields_ = [
        ("type", c_int),
        ("name", c_char_p),
        ("member_count", c_size_t),
        ("members", POINTER(MemberInfo)),
        ("shapes", POINTER(MemberShape)),
        ("functions", POINTER(CFunction)),
        ("constructor_count", c_size_t),
        ("constructors", POINTER(ConstructorInfo)),
    ]


class RecordField(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("kind", c_int),
        ("flags", c_uint32),
        ("offset", c_size_t),
        ("doc", c_char_p),
    ]


class RecordInfo(Structure):
    _fields_ = [
        ("kind", c_int32),
        ("name", c_char_p),
        ("c_type", c_char_p),
        ("c_kind", c_char_p),
        ("size", c_size_t),
        ("alignment", c_size_t),
        ("readable", c_int32),
        ("field_count", c_size_t),
        ("fields", POINTER(RecordField)),
        ("doc", c_char_p),
        ("field_enum_names", POINTER(c_char_p)),
    ]


class EnumCase(Structure):
    _fields_ = [("name", c_char_p), ("c_name", c_char_p), ("value", c_int32), ("doc", c_char_p)]


class EnumInfo(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("c_type", c_char_p),
        ("case_count", c_size_t),
        ("cases", POINTER(EnumCase)),
        ("doc", c_char_p),
    ]


class InterfaceArgument(Structure):
    _fields_ = [("name", c_char_p), ("kind", c_int)]


class InterfaceMember(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("doc", c_char_p),
        ("argument_count", c_size_t),
        ("arguments", POINTER(InterfaceArgument)),
        ("answer", c_int),
        ("answer_kind", c_int),
        ("optional", c_int32),
        ("offset", c_size_t),
        ("c_declaration", c_char_p),
    ]


class InterfaceInfo(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("c_type", c_char_p),
        ("doc", c_char_p),
        ("type", c_int),
        ("size", c_size_t),
        ("member_count", c_size_t),
        ("members", POINTER(InterfaceMember)),
    ]


class Int64Array(Structure):
    _fields_ = [("items", POINTER(c_int64)), ("count", c_size_t)]


#: The bytes of mvvm_value's union (``as``): the largest record an mvvm_value holds inline.
RECORD_SIZE: Final = 64


class ValueUnion(Union):
    """mvvm_value's union ``as``."""

    _fields_ = [
        ("boolean", c_int32),
        ("int32", c_int32),
        ("int64", c_int64),
        ("uint64", c_uint64),
        ("real", c_double),
        ("string", c_char_p),
        ("object", c_void_p),
        ("int64_array", Int64Array),
        # A record's struct, inline (an application's: _records.py lays it out from its
        # description): the union's size and alignment.
        ("record", c_uint64 * (RECORD_SIZE // 8)),
    ]


class Value(Structure):
    """mvvm_value. The union (``as`` in C, a Python keyword) is anonymous here: ``v.string``
    is ``v.as.string``, one field access instead of a union object per read."""

    _anonymous_ = ("as_",)
    _fields_ = [("kind", c_int32), ("as_", ValueUnion)]


# ---------------------------------------------------------------------------------------
# The table: name -> (restype, argtypes). restype Status means "checked by errcheck".
# ---------------------------------------------------------------------------------------

_O = ObjectPtr
_PO = POINTER(ObjectPtr)
_I32 = c_int32
_I64 = c_int64
_PI32 = POINTER(c_int32)
_PI64 = POINTER(c_int64)
_PV = POINTER(Value)

if TYPE_CHECKING:
    Prototype: TypeAlias = tuple[Any, tuple[Any, ...]]

PROTOTYPES: Final[dict[str, Prototype]] = {
    # versions and errors
    "mvvm_version": (c_int32, ()),
    "mvvm_version_string": (c_char_p, ()),
    "mvvm_abi_version": (c_int32, ()),
    "mvvm_status_name": (c_char_p, (Status,)),
    "mvvm_last_error_message": (c_char_p, ()),
    # runtime and loop
    "mvvm_init": (Status, ()),
    "mvvm_init_with_options": (Status, (POINTER(InitOptions),)),
    "mvvm_shutdown": (Status, ()),
    "mvvm_get_fd": (Status, (POINTER(c_int),)),
    "mvvm_dispatch": (Status, ()),
    "mvvm_run": (Status, (c_int32, _PI32)),
    "mvvm_wakeup": (Status, ()),
    # objects and signals
    "mvvm_object_get_type": (Status, (_O, POINTER(Enum))),
    "mvvm_object_destroy": (Status, (_O,)),
    "mvvm_signal_connect": (Status, (_O, c_char_p, FnPtr, c_void_p, DestroyNotify, POINTER(c_uint64))),
    "mvvm_signal_connect_flags": (
        Status,
        (_O, c_char_p, FnPtr, c_void_p, DestroyNotify, c_uint32, POINTER(c_uint64)),
    ),
    "mvvm_signal_disconnect": (Status, (c_uint64,)),
    "mvvm_command_closure_new": (Status, (_O, c_char_p, POINTER(FnPtr), POINTER(c_uint64))),
    "mvvm_command_closure_free": (Status, (c_uint64,)),
    "mvvm_type_describe": (Status, (Enum, POINTER(POINTER(TypeInfo)))),
    "mvvm_type_find": (Status, (c_char_p, POINTER(Enum))),
    "mvvm_type_list": (Status, (POINTER(POINTER(Enum)), POINTER(c_size_t))),
    "mvvm_record_describe": (Status, (c_int32, POINTER(POINTER(RecordInfo)))),
    "mvvm_record_find": (Status, (c_char_p, POINTER(c_int32))),
    "mvvm_record_list": (Status, (POINTER(POINTER(c_int32)), POINTER(c_size_t))),
    "mvvm_enum_describe": (Status, (c_char_p, POINTER(POINTER(EnumInfo)))),
    "mvvm_enum_list": (Status, (POINTER(POINTER(EnumInfo)), POINTER(c_size_t))),
    # host-implemented interfaces (an application's own protocols)
    "mvvm_interface_describe": (Status, (Enum, POINTER(POINTER(InterfaceInfo)))),
    "mvvm_interface_find": (Status, (c_char_p, POINTER(POINTER(InterfaceInfo)))),
    "mvvm_object_new_host": (Status, (Enum, c_void_p, c_void_p, DestroyNotify, _PO)),
    "mvvm_request_resolve": (Status, (RequestPtr, _PV)),
    "mvvm_request_resolve_list": (Status, (RequestPtr, _PV, c_size_t)),
    "mvvm_request_fail": (Status, (RequestPtr, c_char_p)),
    # generic access: every member of every type, by the ids of mvvm_type_describe()
    "mvvm_member_find": (Status, (Enum, c_char_p, POINTER(c_uint32))),
    "mvvm_object_new": (Status, (Enum, _PV, c_size_t, _PO)),
    "mvvm_object_get": (Status, (_O, c_uint32, _PV)),
    "mvvm_object_set": (Status, (_O, c_uint32, _PV)),
    "mvvm_object_invoke": (Status, (_O, c_uint32, _PV, c_size_t, _PV)),
    "mvvm_object_count": (Status, (_O, c_uint32, _PI64)),
    "mvvm_object_get_item": (Status, (_O, c_uint32, _I64, _PV)),
    "mvvm_object_get_by_name": (Status, (_O, c_char_p, _PV)),
    "mvvm_object_set_by_name": (Status, (_O, c_char_p, _PV)),
    "mvvm_object_invoke_by_name": (Status, (_O, c_char_p, _PV, c_size_t, _PV)),
    # plug-in entry point (its mvvm_api table is not used from Python)
    "mvvm_get_api": (Status, (_I32, POINTER(c_void_p))),
    # the application's schema hash (mvvm.check_schema)
    "mvvm_schema_hash": (Status, (POINTER(c_char_p),)),
    "mvvm_schema_check": (Status, (c_char_p,)),
    # debugging (mvvm._debug): owned strings come back as c_void_p, freed by mvvm_string_free
    "mvvm_debug_snapshot": (Status, (POINTER(c_void_p),)),
    "mvvm_string_free": (None, (c_void_p,)),
    "mvvm_debug_leak_report": (c_char_p, ()),
    "mvvm_debug_serve": (Status, (c_char_p, POINTER(c_char_p))),
    "mvvm_replay": (Status, (c_char_p, POINTER(ReplayOptions), POINTER(c_void_p))),
}

#: Functions called with the GIL held (a ``ctypes.PYFUNCTYPE`` prototype instead of the
#: CDLL's, which releases it): each copies its arguments and queues work, returns within
#: microseconds and never blocks or calls back into Python. A worker thread answering a host
#: request keeps the GIL through the call and releases it when it next waits; released around
#: the call, it would have to win the GIL back from the host thread its answer just woke, and
#: the host would then wait for it in turn (Benchmarks/python/bench_e2e.py).
HOLDS_GIL: Final[frozenset[str]] = frozenset(
    {
        "mvvm_wakeup",
        "mvvm_request_fail",
        "mvvm_request_resolve",
        "mvvm_request_resolve_list",
    }
)

#: Functions the package works without (bound only when the library exports them): the
#: plug-in entry point, which an application's library may leave out. Every other function of
#: the table is the framework's, which every application's library exports, and is checked at
#: load. An application's own functions are bound by its Python module (:func:`bind_function`).
OPTIONAL: Final[frozenset[str]] = frozenset({"mvvm_get_api"})

# ---------------------------------------------------------------------------------------
# Handler bookkeeping shared with the trampolines (host thread only)
# ---------------------------------------------------------------------------------------


def _main_thread_ident() -> int | None:
    """threading.main_thread().ident without importing threading (and its functools and
    collections) for it: threading takes the thread that first imports it as the main thread,
    so while it is not imported, that is this thread."""
    threading = sys.modules.get("threading")
    return threading.main_thread().ident if threading is not None else _thread.get_ident()


class _State:
    """Depth of Python handlers running inside C, their pending exceptions, and ctypes
    callback objects that C released while a handler may still be on the stack."""

    # main_thread: the host thread's ident (the main thread's until a Runtime made on
    # another thread says otherwise); named before mvvm_init_with_options() existed.
    __slots__ = ("depth", "pending", "graveyard", "main_thread")

    def __init__(self) -> None:
        self.depth = 0
        self.pending: list[BaseException] = []
        self.graveyard: list[object] = []
        self.main_thread = _main_thread_ident()


STATE: Final = _State()


def handler_exception(exc: BaseException) -> None:
    """Stores an exception raised by a Python handler; the API call that ran it re-raises it."""
    STATE.pending.append(exc)


def raise_pending() -> None:
    """Re-raises a stored handler exception, if this is the outermost call on the host thread."""
    if STATE.depth == 0 and _thread.get_ident() == STATE.main_thread:
        STATE.graveyard.clear()
        if STATE.pending:
            first = STATE.pending[0]
            STATE.pending.clear()
            raise first


def _errcheck(status: int, func: Any, args: tuple[Any, ...]) -> int:
    # Runs after every checked call: the success path with nothing pending is one compare and
    # two list tests. ``status`` is a plain int: the checked functions' restype is c_int.
    if status == 0 and not STATE.pending and not STATE.graveyard:
        return 0
    return _check_slow(status, func)


def _check_slow(status: int, func: Any) -> int:
    return check(status, getattr(func, "__name__", ""))


def check(status: int, where: str) -> int:
    """What the errcheck does after a call, for callers that test ``status or
    STATE.pending or STATE.graveyard`` themselves (see :func:`unchecked`): raises the status's
    exception (its message prefixed with ``where``), or a handler's stored exception."""
    if status == 0:
        # Success, but the outermost call on the host thread re-raises what a handler raised
        # and frees the thunks C released meanwhile.
        raise_pending()
        return 0
    raw = _lib.mvvm_last_error_message() if _lib is not None else None
    message = raw.decode("utf-8", "replace") if raw else ""
    raise_pending()
    raise errors.from_status(status, message, where)


# ---------------------------------------------------------------------------------------
# The loader
# ---------------------------------------------------------------------------------------


class _Library(ctypes.CDLL):
    """The loaded libmvvm. Each function gets its prototype from :data:`PROTOTYPES` on first
    use (``lib.mvvm_x``), then stays an instance attribute: binding all ~40 at load costs
    ~0.5 ms of the start, and a program uses a few dozen."""

    def __getattr__(self, name: str) -> Any:
        prototype = PROTOTYPES.get(name)
        if prototype is None:
            return super().__getattr__(name)  # not in the table: unbound, as ctypes does
        # A new function object, configured before another thread can see it. Any: typeshed's
        # errcheck type wants ctypes objects where the checked functions give plain ints.
        restype, argtypes = prototype
        if name in OPTIONAL and not _exports(self, name):
            raise missing_function(self, name)
        # Status marks the checked functions in the table; ctypes itself gets plain c_int,
        # which returns a Python int instead of building a c_int object per call.
        c_restype = c_int if restype is Status else restype
        fn: Any
        if name in HOLDS_GIL:
            fn = ctypes.PYFUNCTYPE(c_restype, *argtypes)((name, self))
        else:
            fn = self[name]
            fn.argtypes = argtypes
            fn.restype = c_restype
        if restype is Status:
            fn.errcheck = _errcheck
        setattr(self, name, fn)
        return fn


def _exports(loaded: ctypes.CDLL, name: str) -> bool:
    """Whether the library exports ``name`` (a dlsym, without binding)."""
    try:
        loaded[name]
    except AttributeError:
        return False
    return True


def missing_function(loaded: ctypes.CDLL, name: str) -> errors.MvvmError:
    return errors.MvvmError(0, f"{loaded._name} has no function {name}")


def bind_function(name: str, restype: Any, argtypes: tuple[Any, ...] | list[Any], *, holds_gil: bool = False) -> Any:
    """The C function ``name`` of the loaded library (loading it first), for one the package's
    table does not hold: an application's own (``mvvm.bind_function``). ``restype`` and
    ``argtypes`` are ctypes types; a ``restype`` of :class:`Status` (``mvvm.c_status``) makes
    the call checked as the framework's are: a status other than MVVM_OK raises its
    :class:`errors.MvvmError` (prefixed with the function's name), and a handler's exception
    stored during the call is re-raised. ``holds_gil``: a quick function that neither blocks nor
    calls back into Python keeps the GIL through the call (see :data:`HOLDS_GIL`). Raises
    :class:`errors.MvvmError` naming the function when the library does not export it. Each
    call binds anew: keep the result."""
    loaded = lib()
    if not _exports(loaded, name):
        raise missing_function(loaded, name)
    c_restype = c_int if restype is Status else restype
    fn: Any
    if holds_gil:
        fn = ctypes.PYFUNCTYPE(c_restype, *argtypes)((name, loaded))
        fn.__name__ = name  # the errcheck's prefix of a failure's message
    else:
        fn = loaded[name]
        fn.argtypes = argtypes
        fn.restype = c_restype
    if restype is Status:
        fn.errcheck = _errcheck
    return fn


_lib: _Library | None = None
_lib_path: str | None = None
#: The library asked for by ``use_library()`` (``Runtime(library=...)``), before it loads.
_requested: str | None = None


def _candidates() -> list[str]:
    """The libmvvm.so files to try, in order (the system library comes after these, from
    :func:`_load_order`):

    1. the one inside the package (``mvvm/libmvvm.so``: an installed wheel, or
       ``pip install ./bindings/python``, which builds it; the wheel's libffi sits in
       ``mvvm.libs/``, found through the library's RPATH);
    2. MVVM_LIBRARY, when set (then nothing after it is tried);
    3. in-tree development only: when this package is the repository's source folder
       (``bindings/python/mvvm`` run from the checkout, or an editable install), the nearest
       ``.build/debug`` or ``.build/release`` walking up from it. An installed package (no
       ``pyproject.toml`` beside it) never looks into a build folder.
    """
    found: list[str] = []
    here = os.path.dirname(os.path.realpath(__file__))
    inside = os.path.join(here, "libmvvm.so")
    if os.path.exists(inside):
        found.append(inside)
    env = os.environ.get("MVVM_LIBRARY")
    if env:
        found.append(env)
        return found
    if os.path.exists(os.path.join(os.path.dirname(here), "pyproject.toml")):
        found.extend(_in_tree_builds(here))
    return found


def _in_tree_builds(here: str) -> list[str]:
    """The repository's debug and release libraries, walking up from the source folder
    ``here`` to the first folder whose .build holds one (in-tree development only)."""
    parent = here
    while True:
        parent, child = os.path.dirname(parent), parent
        if parent == child:  # walked past the root
            return []
        found = [
            so
            for config in ("debug", "release")
            if os.path.exists(so := os.path.join(parent, ".build", config, "libmvvm.so"))
        ]
        if found:
            return found


def _load_order() -> Iterator[str]:
    if _requested is not None:
        yield _requested  # asked for by name: nothing else is tried
        return
    yield from _candidates()
    if not os.environ.get("MVVM_LIBRARY"):
        # The last resort, asked only when nothing before it loaded: importing ctypes.util
        # costs ~10 ms and find_library() runs ldconfig.
        import ctypes.util

        yield ctypes.util.find_library("mvvm") or "libmvvm.so"


def _check_exports(loaded: _Library) -> None:
    """Fails at load, not at first use, when a required function is missing (a dlsym each,
    without binding)."""
    for name in PROTOTYPES:
        if name not in OPTIONAL:
            try:
                loaded[name]
            except AttributeError:
                raise errors.MvvmError(0, f"libmvvm lacks the function {name}") from None


def use_library(path: str) -> None:
    """Makes ``path`` (an application's library: libnotes.so) the library this process uses.
    It loads at once, so a missing file or another ABI fails here. Asking again for the same
    file does nothing; asking for another one once a library is loaded raises
    :class:`errors.LibraryConflictError`: two Swift runtimes must never share a process, so one
    process drives one application's library."""
    global _requested
    wanted = os.path.realpath(path)
    if _lib is not None:
        loaded = os.path.realpath(_lib_path or "")
        if loaded != wanted:
            raise errors.LibraryConflictError(
                f"this process already uses {loaded}; it cannot load {wanted} as well (one application "
                "library per process: two Swift runtimes must never share one)"
            )
        return
    if not os.path.exists(wanted):
        raise errors.LibraryNotFoundError(f"{path}: no such file")
    _requested = wanted
    try:
        lib()
    except BaseException:
        _requested = None
        raise


def lib() -> _Library:
    """The loaded and ABI-checked library; its functions bind on first use."""
    global _lib, _lib_path
    if _lib is not None:
        return _lib
    errors_seen: list[str] = []
    for path in _load_order():
        try:
            loaded = _Library(path)
        except OSError as exc:
            errors_seen.append(f"{path}: {exc}")
            continue
        abi = int(loaded.mvvm_abi_version())
        if abi != ABI_VERSION:
            raise errors.AbiMismatchError(
                f"{path} has ABI version {abi}; this package was written for ABI version {ABI_VERSION}"
            )
        _check_exports(loaded)
        _lib, _lib_path = loaded, path
        return loaded
    raise errors.LibraryNotFoundError(
        "libmvvm.so not found; set MVVM_LIBRARY to its path, or pass mvvm.Runtime(library=PATH) "
        "(tried: " + "; ".join(errors_seen) + ")"
    )


_UNCHECKED: dict[str, Any] = {}


def unchecked(name: str) -> Any:
    """The function ``name`` with the table's argtypes and no errcheck (a function object of
    its own, made once): it returns the status as an int. For the generated per-member calls (_classes.py), which
    check inline: ``if status or STATE.pending or STATE.graveyard: check(status, where)``,
    one test on the success path instead of a Python errcheck call per call."""
    fn = _UNCHECKED.get(name)
    if fn is None:
        restype, argtypes = PROTOTYPES[name]
        if restype is not Status:
            raise ValueError(f"{name} returns no mvvm_status")
        fn = lib()[name]
        fn.argtypes = argtypes
        fn.restype = c_int
        _UNCHECKED[name] = fn
    return fn


class _Functions:
    """``C.mvvm_x``: the library's bound function, loading the library on first use. After
    the first use of a name it is a plain instance attribute, so a call reads one attribute
    instead of calling :func:`lib` (the per-call path of every command and getter)."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)  # copy, pickle and friends probe dunders
        fn = getattr(lib(), name)
        setattr(self, name, fn)
        return fn


C: Final[Any] = _Functions()


class Lazy:
    """Stands for the module ``module`` until one of its attributes is used: imports it
    then, and keeps each attribute read as a plain attribute of its own. For the parts of the
    package that ``import mvvm`` does not need (the value dataclasses and their imports)."""

    def __init__(self, module: str) -> None:
        self._module = module

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        import importlib

        value = getattr(importlib.import_module(self._module), name)
        setattr(self, name, value)
        return value


def library_path() -> str | None:
    lib()
    return _lib_path


def has(name: str) -> bool:
    return hasattr(lib(), name)


def decode(raw: bytes | None) -> str | None:
    return None if raw is None else raw.decode("utf-8", "replace")


def encode(text: str, what: str = "the string") -> bytes:
    """UTF-8 of ``text``; lone surrogates raise :class:`errors.InvalidUtf8Error`, a NUL
    character a ValueError, anything but a str (bytes included) a TypeError naming ``what``."""
    try:
        data = text.encode()  # UTF-8; naming the codec costs a lookup per call
    except UnicodeEncodeError as exc:
        raise utf8_error(exc) from exc
    except AttributeError:
        raise not_a_str(what, text) from None
    if b"\0" in data:
        # A C string ends at its first NUL: the library would receive a shorter string.
        raise ValueError(f"{what} contains a NUL character, which a C string cannot hold")
    return data


def utf8_error(exc: UnicodeEncodeError) -> errors.InvalidUtf8Error:
    return errors.InvalidUtf8Error(7, f"string is not valid UTF-8: {exc}")


def not_a_str(what: str, value: object) -> TypeError:
    hint = " (decode bytes first)" if isinstance(value, (bytes, bytearray, memoryview)) else ""
    return TypeError(f"{what} must be a str, not {type(value).__name__}{hint}")


def callback_type(*argtypes: Any) -> Callable[..., Any]:
    return CFUNCTYPE(None, *argtypes)

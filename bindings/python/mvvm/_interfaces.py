"""An application's own host interfaces implemented in Python (mvvm_object_new_host()).

A type whose declaration has a host constructor (an ``ItemShop`` over its
``ItemStore``) gets a class method ``new_host(impl)``; ``impl`` is a
:class:`HostInterface` whose methods are named as the interface's members
(``mvvm_interface_describe()``: ``all_notes``, ``save_note(note)``, ``delete_note(id)``), with
no Python written for the interface itself. A method answers with a plain value (at once), an ``async def`` (a task on the asyncio loop, cancelled when nobody
waits any more), or a :class:`concurrent.futures.Future`; raising fails the request with the
exception's text, which the ViewModel shows. A method that answers nothing returns None.
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, byref, c_double, c_int32, c_int64, c_size_t, c_void_p
from typing import TYPE_CHECKING, Any, Callable

from . import _bridges, _ffi, _records
from ._core import MvvmObject, Runtime
from ._enums import ValueKind
from .errors import InvalidUtf8Error, NotFoundError

if TYPE_CHECKING:
    import asyncio

#: Stores a Python value into an mvvm_value of a kind: (value, kind, x, where, name) -> keep-alive.
Write = Callable[[_ffi.Value, int, Any, str, str], object]

#: mvvm_host_answer.
_NOTHING, _VALUE, _LIST = 1, 2, 3


class HostInterface:
    """Base class of a Python implementation of an application's host interface. Define
    one method per member of the interface (its names: ``type(obj).interface(...)``, or the
    application's header); a missing optional member is left NULL, a missing required one is
    refused when the object is made.

    ``cancelled(method)`` is told when nobody waits for a request of ``method`` any more."""

    def cancelled(self, method: str) -> None:
        """Called when nobody waits for a request of ``method`` any more."""


class Member:
    """One member of a host interface, from mvvm_interface_describe()."""

    def __init__(self, info: _ffi.InterfaceMember) -> None:
        self.name: str = _ffi.decode(info.name) or ""
        self.doc: str = _ffi.decode(info.doc) or ""
        self.arguments: list[tuple[str, int]] = [
            (_ffi.decode(info.arguments[i].name) or "", int(info.arguments[i].kind)) for i in range(info.argument_count)
        ]
        self.answer: int = int(info.answer)
        self.answer_kind: int = int(info.answer_kind)
        self.optional: bool = bool(info.optional)
        self.offset: int = int(info.offset)
        self.is_cancel: bool = self.answer == 0


class Interface:
    """A host interface's description: its name, C table and members."""

    def __init__(self, info: _ffi.InterfaceInfo) -> None:
        self.name: str = _ffi.decode(info.name) or ""
        self.c_type: str = _ffi.decode(info.c_type) or ""
        self.doc: str = _ffi.decode(info.doc) or ""
        self.type: int = int(info.type)
        self.size: int = int(info.size)
        self.members: list[Member] = [Member(info.members[i]) for i in range(info.member_count)]


_DESCRIBED: dict[int, Interface | None] = {}


def describe(type_id: int) -> Interface | None:
    """The host interface that objects of ``type_id`` are made over, or None."""
    if type_id not in _DESCRIBED:
        out = POINTER(_ffi.InterfaceInfo)()
        try:
            _ffi.lib().mvvm_interface_describe(type_id, byref(out))
        except NotFoundError:
            _DESCRIBED[type_id] = None
        else:
            _DESCRIBED[type_id] = Interface(out.contents)
    return _DESCRIBED[type_id]


_FOUND: dict[str, Interface | None] = {}


def find(name: str) -> Interface | None:
    """The host interface named ``name`` (any the library declared, also those a type's own
    constructors take: mvvm_interface_find()), or None."""
    if name not in _FOUND:
        out = POINTER(_ffi.InterfaceInfo)()
        try:
            _ffi.lib().mvvm_interface_find(name.encode("utf-8"), byref(out))
        except NotFoundError:
            _FOUND[name] = None
        else:
            _FOUND[name] = Interface(out.contents)
    return _FOUND[name]


def _c_type(kind: int) -> Any:
    if kind in (ValueKind.BOOL, ValueKind.INT32):
        return c_int32
    if kind == ValueKind.INT64:
        return c_int64
    if kind == ValueKind.DOUBLE:
        return c_double
    return c_void_p  # strings and records: lent pointers


def _converter(kind: int) -> Callable[[Any], Any]:
    if kind == ValueKind.BOOL:
        return bool
    if kind in (ValueKind.INT32, ValueKind.INT64):
        return int
    if kind == ValueKind.DOUBLE:
        return float
    if kind == ValueKind.STRING:
        return lambda pointer: _ffi.decode(ctypes.cast(pointer, ctypes.c_char_p).value) or ""
    record = _records.for_kind(kind)
    if record is None:
        raise TypeError(f"a host interface argument of kind {kind} has no Python form")
    return lambda pointer: record.read(int(pointer))


def _arguments(converters: list[Callable[[Any], Any]]) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    """A method's C arguments (after user_data and the request) as Python values."""

    def convert(arguments: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(c(x) for c, x in zip(converters, arguments))

    return convert


def build_table(
    interface: Interface, bridge: _bridges.Bridge, implemented: Callable[[str], bool]
) -> tuple[ctypes.Array[ctypes.c_char], list[object], list[str]]:
    """One C table of ``interface`` whose members call ``bridge`` (its ``_entry`` per member
    ``implemented(name)``, its ``_cancel`` for the cancel member), laid out as described (size,
    offsets): the table, the ctypes callbacks it points to (keep them alive with it), and the
    required members not implemented. An optional member not implemented stays NULL."""
    table = (ctypes.c_char * interface.size)()
    ctypes.c_uint32.from_buffer(table, 0).value = interface.size
    functions: list[object] = []
    missing: list[str] = []
    for member in interface.members:
        prototype = ctypes.CFUNCTYPE(None, c_void_p, _ffi.RequestPtr, *[_c_type(k) for _, k in member.arguments])
        if member.is_cancel:
            function = prototype(bridge._cancel)
        elif implemented(member.name):
            function = prototype(bridge._entry(member.name, _arguments([_converter(k) for _, k in member.arguments])))
        elif member.optional:
            continue
        else:
            missing.append(member.name)
            continue
        functions.append(function)
        c_void_p.from_buffer(table, member.offset).value = ctypes.cast(function, c_void_p).value
    return table, functions, missing


class _InterfaceBridge(_bridges.Bridge):
    """A Python implementation behind one C table of ``interface``."""

    def __init__(
        self, interface: Interface, impl: HostInterface, loop: asyncio.AbstractEventLoop | None, write: Write
    ) -> None:
        super().__init__(impl, loop)
        self.interface = interface
        self.write = write
        self.members = {m.name: m for m in interface.members}
        #: Each method's name in an answer's error messages, formatted once, not per answer.
        self.wheres = {m.name: f"{type(impl).__name__}.{m.name}" for m in interface.members}

        def implemented(name: str) -> bool:
            return callable(getattr(impl, name, None))

        self.table, self.functions, missing = build_table(interface, self, implemented)
        if missing:
            raise TypeError(
                f"{type(impl).__name__} does not implement {', '.join(missing)} of {interface.name} "
                f"({', '.join(m.name for m in interface.members if not m.is_cancel)})"
            )

    def answer(self, kind: str, request: int, value: Any) -> None:
        member = self.members[kind]
        lib = _ffi.lib()
        where = self.wheres[kind]
        try:
            if member.answer == _NOTHING:
                lib.mvvm_request_resolve(request, None)
            elif member.answer == _VALUE:
                v = _ffi.Value()
                keep = self.write(v, member.answer_kind, value, where, "answer")
                lib.mvvm_request_resolve(request, byref(v))
                del keep
            else:
                items = list(value)
                array = (_ffi.Value * max(1, len(items)))()
                keep = [self.write(array[i], member.answer_kind, x, where, f"answer[{i}]") for i, x in enumerate(items)]
                lib.mvvm_request_resolve_list(request, ctypes.cast(array, POINTER(_ffi.Value)), c_size_t(len(items)))
                del keep
        except NotFoundError:
            pass  # nobody waits any more
        except (TypeError, InvalidUtf8Error, ValueError, OverflowError) as exc:
            _bridges.fail(request, f"{type(exc).__name__}: {exc}")


def new_host(
    type_id: int, impl: HostInterface, write: Write, runtime: Runtime | None = None,
    loop: asyncio.AbstractEventLoop | None = None,
) -> MvvmObject:
    """mvvm_object_new_host(): an object of ``type_id`` over ``impl``."""
    interface = describe(type_id)
    if interface is None:
        raise TypeError(f"type {type_id} is not made over a host interface")
    if not isinstance(impl, HostInterface):
        raise TypeError(f"an implementation of {interface.name} must be a mvvm.HostInterface, not {type(impl).__name__}")
    rt = runtime or Runtime.current()
    bridge = _InterfaceBridge(interface, impl, loop, write)
    key = next(_bridges.keys)
    _bridges.BRIDGES[key] = bridge
    out = c_void_p()
    try:
        _ffi.lib().mvvm_object_new_host(type_id, ctypes.addressof(bridge.table), c_void_p(key), _bridges.bridge_destroyed, byref(out))
    except BaseException:
        _bridges.BRIDGES.pop(key, None)
        raise
    from ._core import wrap

    return wrap(int(out.value or 0), rt, impl, True)


def constructor(type_id: int, write: Write) -> Callable[..., MvvmObject]:
    """The ``new_host`` class method of ``type_id``'s class; ``write`` stores an answer into an
    mvvm_value (``_classes.write``, passed in: _classes imports this module)."""

    def new_host_method(
        cls: type[MvvmObject], impl: HostInterface, runtime: Runtime | None = None,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> MvvmObject:
        return new_host(type_id, impl, write, runtime, loop)

    return new_host_method

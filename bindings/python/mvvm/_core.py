"""Runtime, object base class, signals and connections."""

from __future__ import annotations

import _thread
import _weakref  # weakref.ref, without weakref's own import (_weakrefset) at `import mvvm`
import ctypes
import itertools
import math
from ctypes import POINTER, byref, c_char_p, c_int, c_int32, c_int64, c_size_t, c_uint64, c_void_p

from . import _ffi
from ._ffi import C, STATE, handler_exception
from .errors import MvvmError, NotFoundError, NotInitializedError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import TracebackType
    from typing import Any, ClassVar, Final, TypeVar

    from . import _enums, _values
    from ._enums import (
        ConnectFlags,
        ListChangeKind,
        MemberFlags,
        MemberKind,
        ObjectType,
        ValueKind,
        ViewState,
    )
    from ._streams import Stream
    from ._values import ListChange, TypeInfo

    Handler = Callable[..., object]
    Converter = Callable[["MvvmObject", tuple[Any, ...]], tuple[Any, ...]]
    _O = TypeVar("_O", bound="MvvmObject")
else:
    # The value dataclasses and the enums, imported on first use (see _values.py and
    # __init__.py; neither imports this module, so there is no import cycle).
    _values = _ffi.Lazy("mvvm._values")
    _enums = _ffi.Lazy("mvvm._enums")

    def __getattr__(name: str) -> object:
        # They were defined or imported here before: mvvm._core.ListChange (e.g. in old
        # pickles) and mvvm._core.ValueKind still work.
        if name in ("IndexedView", "ListChange", "MemberInfo", "TypeInfo"):
            return getattr(_values, name)
        if name in ("ConnectFlags", "ListChangeKind", "MemberFlags", "MemberKind", "ValueKind", "ViewState"):
            return getattr(_enums, name)
        if name == "ObjectType":
            return _enums.object_type_enum()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CommandClosure", "ConnectFlags", "Connection", "ListChangeKind", "MemberFlags",
    "MemberKind", "MvvmObject", "Runtime", "SignalSpec", "ValueKind", "ViewState",
    "abi_version", "bind_constructor", "describe", "last_error_message", "live_callbacks", "status_name", "version",
    "version_string",
]


def describe(object_type: ObjectType | int) -> TypeInfo:
    """mvvm_type_describe(): the static description of a type, each member with its shape
    (a member's id is its index in ``members``)."""
    out = POINTER(_ffi.TypeInfo)()
    C.mvvm_type_describe(int(object_type), byref(out))
    info = out.contents
    decode = _ffi.decode
    members = []
    for i in range(int(info.member_count)):
        m = info.members[i]
        shape = None
        if info.shapes:
            s = info.shapes[i]
            shape = _values.MemberShape(
                _value_kind(s.value_kind),
                _enums.MemberFlags(s.flags),
                decode(s.enum_name),
                decode(s.related),
                decode(s.count),
                tuple(
                    _values.ArgumentInfo(decode(a.name) or "", _value_kind(a.kind))
                    for a in (s.arguments[j] for j in range(int(s.argument_count)))
                ),
                decode(s.doc) or "",
            )
        kind: MemberKind | int
        try:
            kind = _enums.MemberKind(m.kind)
        except ValueError:  # a kind from a newer library
            kind = int(m.kind)
        function = _c_function(info.functions[i]) if info.functions else None
        members.append(
            _values.MemberInfo(decode(m.name) or "", kind, decode(m.function), decode(m.c_signature) or "", shape, function)  # type: ignore[arg-type]
        )
    constructors = tuple(
        _values.ConstructorInfo(decode(c.name) or "", decode(c.function) or "", decode(c.doc) or "", _c_function(c.c_function))
        for c in (info.constructors[i] for i in range(int(info.constructor_count)))
    )
    return _values.TypeInfo(_enums.object_type(info.type), decode(info.name) or "", tuple(members), constructors)


def bind_constructor(function: str) -> Any:
    """The named constructor ``function`` (``app_store_new_sqlite``) of one of the loaded
    library's types, bound from its description (:attr:`TypeInfo.constructors`), so an
    application's module restates no C signature. Its arguments follow the described C
    function: a string as ``bytes`` or None (``c_char_p``), an options struct, a host table or
    user data as an address (``c_void_p``: pass ``byref(struct)`` or None), the destroy notifier
    as a :data:`mvvm._ffi.DestroyNotify`, the out-parameter as ``byref(c_void_p())``. Its status
    is checked as the framework's functions' are. Raises :class:`MvvmError` ("… has no function
    NAME") when no type of the library describes it. Each call binds anew: keep the result."""
    for object_type in _enums.type_names():
        for constructor in describe(object_type).constructors:
            if constructor.function == function:
                argtypes = tuple(_constructor_argtype(p) for p in constructor.c_function.parameters)
                return _ffi.bind_function(function, _ffi.Status, argtypes)
    loaded = _ffi.lib()
    raise MvvmError(0, f"{loaded._name} has no function {function} (no type of it describes that constructor)")


def _constructor_argtype(parameter: _values.CParameter) -> Any:
    """The ctypes type of a named constructor's parameter (see :func:`bind_constructor`)."""
    CBase = _enums.CBase
    base, pointers = parameter.base, parameter.pointers
    if base is CBase.CHAR and pointers == 1:
        return c_char_p
    if base is CBase.OBJECT and pointers == 2:
        return POINTER(c_void_p)
    if base is CBase.DESTROY_NOTIFY and pointers == 0:
        return _ffi.DestroyNotify
    if pointers == 1 and base in (CBase.OPTIONS, CBase.VTABLE, CBase.VOID, CBase.RECORD):
        return c_void_p
    scalars = {CBase.INT32: c_int32, CBase.INT64: c_int64, CBase.UINT64: c_uint64, CBase.SIZE: c_size_t}
    if pointers == 0 and base in scalars:
        return scalars[base]
    raise MvvmError(0, f"a constructor's parameter {parameter.name} ({parameter.spelling}) has no ctypes form here")


def _c_function(f: Any) -> _values.CFunction:
    decode = _ffi.decode
    return _values.CFunction(
        _known(_enums.CBase, f.result),
        tuple(
            _values.CParameter(
                decode(p.name) or "",
                _known(_enums.CBase, p.base),
                decode(p.type_name),
                int(p.pointers),
                bool(p.is_const),
                _known(_enums.CDirection, p.direction),
                _known(_enums.COwnership, p.ownership),
                decode(p.spelling) or "",
            )
            for p in (f.parameters[j] for j in range(int(f.parameter_count)))
        ),
    )


def _known(enum: Any, raw: int) -> Any:
    try:
        return enum(raw)
    except ValueError:  # a value from a newer library
        return int(raw)


def _value_kind(raw: int) -> ValueKind:
    try:
        return _enums.ValueKind(raw)
    except ValueError:  # a kind from a newer library
        return raw  # type: ignore[return-value]


def version() -> int:
    return int(C.mvvm_version())


def version_string() -> str:
    return _ffi.decode(C.mvvm_version_string()) or ""


def abi_version() -> int:
    return int(C.mvvm_abi_version())


def status_name(status: int) -> str:
    return _ffi.decode(C.mvvm_status_name(status)) or ""


def last_error_message() -> str:
    return _ffi.decode(C.mvvm_last_error_message()) or ""


def schema_hash() -> str:
    """The loaded library's application schema hash (mvvm.h, "THE SCHEMA HASH")."""
    out = c_char_p()
    C.mvvm_schema_hash(byref(out))
    return _ffi.decode(out.value) or ""


def check_schema(expected: str, module: str) -> None:
    """Raises :class:`SchemaMismatchError` unless the loaded library was built from the
    declarations whose schema hash is ``expected``: what the application's module ``module``
    was generated from (its ``_schema.py``, written with its stubs by ``python -m
    mvvm._stubgen``). The message names both hashes and what to regenerate."""
    from .errors import SchemaMismatchError

    try:
        C.mvvm_schema_check(_ffi.encode(expected, "expected"))
    except SchemaMismatchError as exc:
        raise SchemaMismatchError(
            exc.status, f"{exc.message} (Python: the stubs of the module {module} were generated from another build; "
            f"regenerate them with python3 -m mvvm._stubgen --module {module} against this library.)"
        ) from None


_SCHEMA_CHECKED: set[str] = set()


def check_module_schema(module: str) -> None:
    """What an application's Python module calls before it hands out its first name: the
    loaded library against the ``SCHEMA_HASH`` of ``<module>._schema`` (written with the
    module's stubs by ``python -m mvvm._stubgen``), once per module (:func:`check_schema`;
    SchemaMismatchError). A module without ``_schema`` (its stubs are being generated) is not
    checked."""
    if module in _SCHEMA_CHECKED:
        return
    import importlib

    try:
        schema = importlib.import_module(f"{module}._schema")
    except ModuleNotFoundError as exc:
        if exc.name != f"{module}._schema":
            raise
    else:
        check_schema(schema.SCHEMA_HASH, module)
    _SCHEMA_CHECKED.add(module)


# ---------------------------------------------------------------------------------------
# Runtime
# ---------------------------------------------------------------------------------------


class Runtime:
    """mvvm_init() ... mvvm_shutdown(). One per process at a time; a context manager.

    Create it on the host thread: the main thread, or with ``on_current_thread=True`` the
    calling thread, whatever it is (an asyncio loop in a ``threading.Thread``; the
    C library's mvvm_init_with_options()). The first Runtime fixes that thread for the
    process's lifetime: WrongThreadError on any other. ``fileno()`` is the descriptor to
    watch; call ``dispatch()`` when it is readable, or ``run(timeout)`` without a loop."""

    _current: ClassVar[Runtime | None] = None

    def __init__(
        self, library: str | None = None, *, on_current_thread: bool = False, journal: str | None = None,
        report_leaks: bool = False,
    ) -> None:
        """``library``: the path of the application's library to drive (libnotes.so), loaded
        now; by default the package's own libmvvm.so (see _ffi._candidates). One library per
        process: another one than the loaded one raises LibraryConflictError.
        ``on_current_thread``: the calling thread becomes the host thread
        (mvvm_init_with_options()). ``journal``: a path to write this runtime's journal to
        (docs/JOURNAL.md; MVVM_TRACE does the same); ``report_leaks``: the leak report at
        shutdown (:func:`mvvm.leak_report`; MVVM_DEBUG_LEAKS=1 does the same)."""
        if library is not None:
            _ffi.use_library(library)
        if on_current_thread or journal is not None or report_leaks:
            # On the main thread mvvm_init_with_options() is mvvm_init() with the options.
            path = None if journal is None else _ffi.encode(journal, "the journal's path")
            flags = _ffi.INIT_REPORT_LEAKS if report_leaks else 0
            options = _ffi.InitOptions(ctypes.sizeof(_ffi.InitOptions), flags, path)
            C.mvvm_init_with_options(byref(options))
        else:
            C.mvvm_init()
        # The host thread: the fast paths and handler errors are checked against it.
        STATE.main_thread = _thread.get_ident()
        self._alive = True
        Runtime._current = self

    @classmethod
    def current(cls) -> Runtime:
        """The running runtime; NotInitializedError if there is none."""
        rt = cls._current
        if rt is None or not rt._alive:
            raise NotInitializedError(5, "no mvvm.Runtime is running; create one first")
        return rt

    @property
    def alive(self) -> bool:
        return self._alive

    def shutdown(self) -> None:
        """mvvm_shutdown(): disconnects every handler and invalidates every handle."""
        if not self._alive:
            return
        C.mvvm_shutdown()
        self._alive = False
        if Runtime._current is self:
            Runtime._current = None

    close = shutdown

    def __enter__(self) -> Runtime:
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.shutdown()

    def snapshot(self) -> dict[str, Any]:
        """Every live object with its type, properties, list counts and handlers, and the
        pending requests (mvvm_debug_snapshot(); docs/JOURNAL.md, "Snapshots")."""
        from . import _debug

        return _debug.snapshot()

    def serve(self, path: str | None = None) -> str:
        """The live viewer's socket (mvvm_debug_serve()): its path, for ``python3 -m
        mvvm.inspect --socket PATH``. Removed at shutdown."""
        from . import _debug

        return _debug.serve(path)

    def fileno(self) -> int:
        fd = c_int(-1)
        C.mvvm_get_fd(byref(fd))
        return int(fd.value)

    def dispatch(self) -> None:
        """Runs pending work and delivers signals; re-raises a handler's exception. First
        destroys the objects whose last wrapper went away on another thread."""
        if _DEFERRED:
            _destroy_deferred()
        C.mvvm_dispatch()

    def run(self, timeout: float | None = None) -> bool:
        """Waits up to ``timeout`` seconds (None: no limit) for work, dispatches once; True if
        queued work ran (False after a timeout or a bare ``wakeup()``)."""
        ms = -1 if timeout is None else max(0, min(int(math.ceil(timeout * 1000)), 2**31 - 1))
        out = c_int32(0)
        if _DEFERRED:
            _destroy_deferred()
        C.mvvm_run(ms, byref(out))
        return bool(out.value)

    def run_until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
        """Runs the loop until ``predicate()`` is true or ``timeout`` seconds passed."""
        import time

        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                return predicate()
            self.run(min(left, 0.05))
        return True

    @staticmethod
    def wakeup() -> None:
        """mvvm_wakeup(): any thread."""
        C.mvvm_wakeup()


# ---------------------------------------------------------------------------------------
# Signals
# ---------------------------------------------------------------------------------------


class SignalSpec:
    """A signal's C handler type (MVVM_CONNECT_DEFAULT layout) and how its C arguments
    become Python values.

    ``convert(obj, c_args)`` returns the handler's arguments from the C arguments between the
    object and user_data. A signal with one C value may give ``value`` instead: the handler
    gets ``value(c_value)``, through a trampoline that builds no argument tuples (the path
    of every notify:: signal).

    Behaves as the frozen dataclass it was (immutable, equal by its fields), written out
    because ``import mvvm`` does not import dataclasses (see _values.py)."""

    __slots__ = ("c_signature", "cfunctype", "convert", "value")

    c_signature: str
    cfunctype: Any
    convert: Converter
    value: Callable[[Any], object] | None

    def __init__(
        self,
        c_signature: str,
        cfunctype: Any,
        convert: Converter | None = None,
        value: Callable[[Any], object] | None = None,
    ) -> None:
        if convert is None:
            if value is None:
                raise TypeError("SignalSpec needs convert or value")
            convert = _one_value(value)
        for name, field in zip(self.__slots__, (c_signature, cfunctype, convert, value)):
            object.__setattr__(self, name, field)

    def __setattr__(self, name: str, new: object) -> None:
        raise AttributeError(f"SignalSpec is immutable; cannot set {name!r}")

    def _fields(self) -> tuple[object, ...]:
        return (self.c_signature, self.cfunctype, self.convert, self.value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SignalSpec):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={field!r}" for name, field in zip(self.__slots__, self._fields()))
        return f"SignalSpec({fields})"


def _one_value(value: Callable[[Any], object]) -> Converter:
    def convert(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
        return (value(a[0]),)

    return convert


def _enum_value(e: type[_enums.Enum]) -> Callable[[int], int]:
    def value(raw: int) -> int:
        try:
            return e(raw)
        except ValueError:  # a value from a newer library
            return raw

    return value


def _changes(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    ptr, n = a[0], int(a[1])
    make = _values.ListChange
    out: list[ListChange] = []
    for i in range(n):
        c = ptr[i]
        try:
            kind = _enums.ListChangeKind(c.kind)
        except ValueError:  # a kind from a newer library
            continue
        out.append(make(kind, int(c.start), int(c.count)))
    return (out,)


def _code_and_object(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    return o._object_signal(int(a[0]), a[1])


_P = "void (*)(mvvm_object *, {}, void *)"
_T_I32 = _ffi.callback_type(c_void_p, c_int32, c_void_p)
_T_I64 = _ffi.callback_type(c_void_p, c_int64, c_void_p)
_T_STR = _ffi.callback_type(c_void_p, c_char_p, c_void_p)
_T_PTR = _ffi.callback_type(c_void_p, c_void_p, c_void_p)
_T_CHANGES = _ffi.callback_type(c_void_p, POINTER(_ffi.ListChange), c_size_t, c_void_p)
_T_I32_OBJECT = _ffi.callback_type(c_void_p, c_int32, c_void_p, c_void_p)

I32: Final = SignalSpec(_P.format("int32_t"), _T_I32, value=int)
I32_BOOL: Final = SignalSpec(_P.format("int32_t"), _T_I32, value=bool)
I64: Final = SignalSpec(_P.format("int64_t"), _T_I64, value=int)
STR: Final = SignalSpec(_P.format("const char *"), _T_STR, value=_ffi.decode)
CHANGES: Final = SignalSpec(_P.format("const mvvm_list_change *, size_t"), _T_CHANGES, _changes)
I32_OBJECT: Final = SignalSpec(_P.format("int32_t, mvvm_object *"), _T_I32_OBJECT, _code_and_object)

#: The signal shapes the package maps, by their handler's arguments between the object and
#: user_data (signal_shape()); a pointer to one of the library's records ("record:app_item")
#: is mapped from its description (record_spec). A signal of another shape cannot be connected.
SIGNAL_SHAPES: Final[dict[str, SignalSpec]] = {
    "int32": I32,
    "int64": I64,
    "string": STR,
    "changes": CHANGES,
    "int32+object": I32_OBJECT,
}
_RECORD_SPECS: dict[str, SignalSpec] = {}


def record_spec(c_type: str) -> SignalSpec | None:
    """The SignalSpec of a handler taking one record by pointer (of the struct ``c_type``):
    its argument becomes the record's class, built from the library's description."""
    spec = _RECORD_SPECS.get(c_type)
    if spec is None:
        from . import _records

        record = _records.with_c_type(c_type)
        if record is None:
            return None
        spec = _RECORD_SPECS[c_type] = SignalSpec(_P.format(f"const {c_type} *"), _T_PTR, value=record.read)
    return spec


_ENUM_SPECS: dict[type[_enums.Enum], SignalSpec] = {}


def signal_shape(function: _values.CFunction | None) -> str | None:
    """The shape of a signal's handler (``MemberInfo.c_function``) as SIGNAL_SHAPES names it,
    from its typed arguments between the object and user_data: "int32", "int64", "string",
    "changes", "int32+object" or "record:STRUCT"; None for another layout."""
    if function is None or len(function.parameters) < 3:
        return None
    B = _enums.CBase
    words = []
    for p in function.parameters[1:-1]:
        base, pointers = p.base, p.pointers
        if base == B.INT32 and pointers == 0:
            words.append("int32")
        elif base == B.INT64 and pointers == 0:
            words.append("int64")
        elif base == B.CHAR and pointers == 1:
            words.append("string")
        elif base == B.LIST_CHANGE and pointers == 1:
            words.append("changes")
        elif base == B.SIZE and pointers == 0 and words == ["changes"]:
            continue  # the change set's count
        elif base == B.OBJECT and pointers == 1:
            words.append("object")
        elif base == B.RECORD and pointers == 1 and p.type_name:
            words.append("record:" + p.type_name)
        else:
            return None
    return "+".join(words)


def signal_spec(
    function: _values.CFunction | None, value_kind: int = 0, enum: type[_enums.Enum] | None = None
) -> SignalSpec | None:
    """The SignalSpec of a signal from its handler's C function (MemberInfo.c_function). An
    int32 value becomes ``enum`` when given (the C enum of the property it announces), a bool
    for a BOOL property (``value_kind``; 0 is ValueKind.NONE), else an int. None for a shape
    the package does not know."""
    shape = signal_shape(function)
    if shape is None:
        return None
    spec = SIGNAL_SHAPES.get(shape) or (record_spec(shape[len("record:"):]) if shape.startswith("record:") else None)
    if spec is I32:
        if enum is not None:
            return i32_enum(enum)
        if value_kind == _enums.ValueKind.BOOL:
            return I32_BOOL
    return spec


def i32_enum(e: type[_enums.Enum]) -> SignalSpec:
    spec = _ENUM_SPECS.get(e)
    if spec is None:
        spec = _ENUM_SPECS[e] = SignalSpec(_P.format("int32_t"), _T_I32, value=_enum_value(e))
    return spec


class _Slot:
    """What C's user_data stands for: the ctypes callback object and its connection."""

    __slots__ = ("cfunc", "connection")

    def __init__(self, cfunc: Any, connection: Connection) -> None:
        self.cfunc = cfunc
        self.connection = connection


#: user_data key -> slot. Keeps every ctypes callback alive while C may call it.
_REGISTRY: Final[dict[int, _Slot]] = {}
_keys = itertools.count(1)


def _destroy_notify_py(user_data: int | None) -> None:
    try:
        slot = _REGISTRY.pop(int(user_data or 0), None)
        if slot is None:
            return
        conn = slot.connection
        conn._ended()
        # The handler may still be on the stack (it disconnected itself): free its
        # ctypes thunk only after the outermost API call returned.
        STATE.graveyard.append(slot.cfunc)
    except BaseException as exc:  # never let an exception cross into C
        handler_exception(exc)


_NOOP: Final = ctypes.CFUNCTYPE(None)(lambda: None)


#: The one destroy notifier of every connection (module lifetime).
_destroy_notify: Final = _ffi.DestroyNotify(_destroy_notify_py)


def live_callbacks() -> int:
    """How many ctypes callbacks C may still call (for tests and leak checks)."""
    return len(_REGISTRY)


class Connection:
    """A connected handler. ``disconnect()`` (or leaving the ``with`` block) ends it;
    it also ends when its object is destroyed or at shutdown."""

    def __init__(self, signal: str, handler: Handler) -> None:
        self.signal = signal
        self.handler: Handler | None = handler
        self.id = 0
        self._cfunc: Any = None
        self._owner: _weakref.ref[MvvmObject] | None = None
        self._connected = False
        # What the trampoline calls: the handler while connected and while the object's
        # wrapper lives (the weakref's callback clears it), else None. One attribute test
        # per signal instead of a weakref call.
        self._target: Handler | None = None
        # Called once when the connection ends (disconnect, its object destroyed, shutdown):
        # how an async iterator over the signal learns that no value will come any more.
        self._on_end: Callable[[], object] | None = None

    @property
    def connected(self) -> bool:
        return self._connected

    def _start(self, owner: MvvmObject) -> _weakref.ref[MvvmObject]:
        self._owner = _weakref.ref(owner, self._owner_gone)
        self._connected = True
        self._target = self.handler
        return self._owner

    def _owner_gone(self, ref: _weakref.ref[MvvmObject]) -> None:
        self._target = None

    def _ended(self) -> None:
        self._connected = False
        self._target = None
        owner = self._owner() if self._owner is not None else None
        if owner is not None:
            owner._connections.pop(self.id, None)
        self.handler = None
        on_end, self._on_end = self._on_end, None
        if on_end is not None:
            on_end()

    def disconnect(self) -> None:
        """mvvm_signal_disconnect(); does nothing if the connection already ended."""
        if not self._connected:
            return
        C.mvvm_signal_disconnect(self.id)

    def __enter__(self) -> Connection:
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.disconnect()

    def __repr__(self) -> str:
        state = "connected" if self._connected else "ended"
        return f"<mvvm.Connection {self.signal!r} id={self.id} {state}>"


def _trampoline(spec: SignalSpec, conn: Connection, owner: _weakref.ref[MvvmObject]) -> Any:
    """The ctypes callback of one connection: calls ``conn._target`` (None once the connection
    ended or its object's wrapper is gone). An exception is stored, never raised into C, and
    re-raised by the API call that ran us."""
    value = spec.value
    if value is _ffi.decode:
        # A string, the most common notify:: value: as call_one below, the decode inlined.
        def call_str(obj: Any, c_value: bytes | None, user_data: Any) -> None:
            STATE.depth += 1
            try:
                fn = conn._target
                if fn is not None:
                    fn(None if c_value is None else c_value.decode("utf-8", "replace"))
            except BaseException as exc:
                handler_exception(exc)
            finally:
                STATE.depth -= 1

        return spec.cfunctype(call_str)
    if value is not None:
        # One C value: fixed parameters, no argument tuples (the common, hot case).
        def call_one(obj: Any, c_value: Any, user_data: Any) -> None:
            STATE.depth += 1
            try:
                fn = conn._target
                if fn is not None:
                    fn(value(c_value))
            except BaseException as exc:
                handler_exception(exc)
            finally:
                STATE.depth -= 1

        return spec.cfunctype(call_one)

    convert = spec.convert

    def call(*cargs: Any) -> None:
        STATE.depth += 1
        try:
            fn = conn._target
            obj = owner()  # the converter may need the wrapper (_object_signal)
            if fn is not None and obj is not None:
                fn(*convert(obj, cargs[1:-1]))
        except BaseException as exc:
            handler_exception(exc)
        finally:
            STATE.depth -= 1

    return spec.cfunctype(call)


# ---------------------------------------------------------------------------------------
# Objects
# ---------------------------------------------------------------------------------------


#: mvvm_type -> the Python class of that type: _classes.class_for, installed by it when it is
#: imported, and until then by the package (__init__.py) as a function importing it, so that
#: this module needs no import of it.
_class_for: Callable[[int], type[MvvmObject]] | None = None


def set_class_resolver(resolver: Callable[[int], type[MvvmObject]]) -> None:
    global _class_for
    _class_for = resolver


def class_for(object_type: int) -> type[MvvmObject]:
    """The class of objects of ``object_type`` (MvvmObject without a resolver)."""
    cls = MvvmObject._wrappers.get(object_type)
    if cls is None and _class_for is not None:
        cls = _class_for(object_type)
    return cls or MvvmObject


def wrap(handle: int, runtime: Runtime, parent: object, owned: bool) -> MvvmObject:
    """A wrapper of the class of ``handle``'s type (mvvm_object_get_type())."""
    out = c_int(0)
    C.mvvm_object_get_type(handle, byref(out))
    return class_for(out.value)._wrap(handle, runtime, parent, owned)


class MvvmObject:
    """Base of every library object wrapper. ``close()`` destroys the C object (also on
    garbage collection, for objects the host created).

    The classes of the library's types are built from mvvm_type_describe()
    at first use (see _classes.py); ``_member_ids`` maps their member names to ids."""

    object_type: ClassVar[ObjectType]
    signals: ClassVar[dict[str, SignalSpec]] = {}
    _wrappers: ClassVar[dict[int, type[MvvmObject]]] = {}
    _member_ids: ClassVar[dict[str, int]] = {}

    _handle: int
    _runtime: Runtime
    _parent: object
    _owned: bool
    _closed: bool
    _connections: dict[int, Connection]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "object_type" in cls.__dict__:
            MvvmObject._wrappers[cls.object_type] = cls

    def _setup(self, handle: int, runtime: Runtime, parent: object, owned: bool) -> None:
        self._handle = handle
        self._runtime = runtime
        self._parent = parent  # keeps the object it was made from or over alive
        self._owned = owned
        self._closed = False
        self._connections = {}

    @classmethod
    def _wrap(cls: type[_O], handle: int, runtime: Runtime, parent: object, owned: bool) -> _O:
        obj = cls.__new__(cls)
        obj._setup(handle, runtime, parent, owned)
        return obj

    @property
    def handle(self) -> int:
        """The raw mvvm_object * (an int), e.g. for another binding."""
        return self._handle

    @property
    def runtime(self) -> Runtime:
        return self._runtime

    @property
    def owned(self) -> bool:
        """False for an object another object owns (and destroys)."""
        return self._owned

    @property
    def closed(self) -> bool:
        return self._closed

    def get_type(self) -> ObjectType:
        """mvvm_object_get_type()."""
        out = c_int(0)
        C.mvvm_object_get_type(self._handle, byref(out))
        return _enums.object_type(out.value)

    def connect(self, signal: str, handler: Handler) -> Connection:
        """Connects ``handler`` to ``signal`` (e.g. "notify::loading"); it is called with the
        signal's arguments as Python values (the object itself is not passed)."""
        spec = self.signals.get(signal)
        name = _ffi.encode(signal, "signal")
        if spec is None:
            # Let the library name the error (UnknownNameError) for a name we do not know.
            out = c_uint64(0)
            C.mvvm_signal_connect(
                self._handle, name, ctypes.cast(_NOOP, c_void_p), None, _ffi.DestroyNotify(), byref(out)
            )
            C.mvvm_signal_disconnect(out.value)
            raise MvvmError(0, f"{type(self).__name__} has no Python mapping for {signal!r}")
        conn = Connection(signal, handler)
        cfunc = _trampoline(spec, conn, conn._start(self))
        key = next(_keys)
        out_id = c_uint64(0)
        slot = _Slot(cfunc, conn)
        _REGISTRY[key] = slot
        conn._cfunc = cfunc
        try:
            C.mvvm_signal_connect(
                self._handle,
                name,
                ctypes.cast(cfunc, c_void_p),
                c_void_p(key),
                _destroy_notify,
                byref(out_id),
            )
        except BaseException:
            _REGISTRY.pop(key, None)
            conn._connected = False
            conn._target = None
            raise
        conn.id = int(out_id.value)
        self._connections[conn.id] = conn
        return conn

    def command_closure(self, command: str) -> CommandClosure:
        """mvvm_command_closure_new(): a plain C function pointer ``void (*)(void)`` running
        the argument-less command ``command`` (e.g. "refresh"), for C toolkits."""
        fn = c_void_p()
        out_id = c_uint64(0)
        C.mvvm_command_closure_new(self._handle, _ffi.encode(command, "command"), byref(fn), byref(out_id))
        return CommandClosure(command, int(fn.value or 0), int(out_id.value), self)

    @property
    def connections(self) -> list[Connection]:
        return list(self._connections.values())

    # async iterators (mvvm/_streams.py, imported on first use). A class whose own member has one of
    # these names (a list called ``values``) keeps its member: mvvm.values(obj, name) etc.
    # always work.

    def values(self, name: str) -> Stream[Any]:
        """An async iterator over the property ``name`` ("is-loading" or "is_loading"): its
        current value first, then its changes; LATEST VALUE: a consumer slower than the
        changes gets the newest value, never a queue of stale ones. It ends (StopAsyncIteration)
        when the object is destroyed or the runtime shuts down, and closes (disconnects) on
        ``aclose()``, at the end of ``async with``, when the task awaiting it is cancelled, or
        when dropped."""
        from . import _streams

        return _streams.values(self, name)

    def changes(self, list_name: str) -> Stream[list[ListChange]]:
        """An async iterator over the change sets of the list ``list_name`` ("rows"), one
        ``list[ListChange]`` per set; EVERY VALUE, in order (buffered without bound: change
        sets cannot be dropped). Ends and closes as :meth:`values`. ``obj.rows.changes()`` is
        the same."""
        from . import _streams

        return _streams.changes(self, list_name)

    def events(self, signal: str) -> Stream[Any]:
        """An async iterator over the signal ``signal`` (an event): each emission's value (a
        tuple when the signal carries several); EVERY VALUE, in order. Ends and closes as
        :meth:`values`."""
        from . import _streams

        return _streams.events(self, signal)

    async def wait_for(self, name: str, value: Any) -> Any:
        """Waits until the property ``name`` equals ``value`` (or, if ``value`` is callable,
        until ``value(current)`` is true) and returns the property's value; at once if it already
        does. Raises :class:`~mvvm.InvalidHandleError` if the object is destroyed or the runtime
        shuts down first. Bound it with ``asyncio.wait_for(obj.wait_for(...), seconds)``."""
        from . import _streams

        return await _streams.wait_for(self, name, value)

    def close(self) -> None:
        """mvvm_object_destroy(). An object another object owns raises StateError. Closing
        twice does nothing."""
        if self._closed:
            return
        C.mvvm_object_destroy(self._handle)
        self._closed = True

    def __enter__(self: _O) -> _O:
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not (getattr(self, "_owned", False) and not self._closed and self._runtime._alive):
                return
            if _thread.get_ident() != STATE.main_thread:
                # Off the host thread: destroyed there, at its next dispatch (woken now).
                _DEFERRED.append((self._handle, self._runtime))
                C.mvvm_wakeup()
                return
            STATE.depth += 1  # do not deliver or raise other calls' handler errors here
            try:
                C.mvvm_object_destroy(self._handle)
            except Exception:
                pass
            finally:
                STATE.depth -= 1
        except Exception:
            pass

    def _object_signal(self, code: int, handle: int | None) -> tuple[Any, ...]:
        """The handler's arguments of a signal carrying an ``int32_t`` and an object (``void
        (*)(mvvm_object *, int32_t, mvvm_object *, void *)``): the int and the object's
        wrapper. An override may give them another form (an enum, a wrapper it keeps)."""
        return (code, self._wrap_object(handle))

    def _wrap_object(self, handle: int | None) -> MvvmObject | None:
        """An object handed out by this one (an MVVM_VALUE_OBJECT): a wrapper it does not
        own (an override may keep one wrapper per object instead)."""
        if not handle:
            return None
        return wrap(handle, self._runtime, self, False)

    # Generic access by member name, for hand-written overrides (the built classes bind
    # their members' ids once instead).

    def _list_count(self, list_name: str) -> int:
        """mvvm_object_count() of the list ``list_name``."""
        out = c_int64(0)
        C.mvvm_object_count(self._handle, self._member_ids[list_name], byref(out))
        return int(out.value)

    def _list_item(self, list_name: str, index: int) -> _ffi.Value:
        """mvvm_object_get_item() of the list ``list_name`` (the raw value)."""
        out = _ffi.Value()
        C.mvvm_object_get_item(self._handle, self._member_ids[list_name], index, byref(out))
        return out

    def __repr__(self) -> str:
        state = " closed" if self._closed else ""
        return f"<mvvm.{type(self).__name__} handle=0x{self._handle:x}{state}>"


#: (handle, runtime) of wrappers whose last reference went on a thread other than the host
#: thread: destroyed on the host thread by the next Runtime.dispatch() or run(). list.append
#: and pop are atomic under the GIL, so any thread may add.
_DEFERRED: Final[list[tuple[int, Runtime]]] = []


def _destroy_deferred() -> None:
    if _thread.get_ident() != STATE.main_thread:
        return  # the call itself is refused (WrongThreadError); the host thread does this
    while _DEFERRED:
        handle, runtime = _DEFERRED.pop(0)  # in release order: a ViewModel before its repository
        if not runtime._alive:
            continue  # shutdown destroyed it already
        STATE.depth += 1  # as in __del__: no other call's handler errors raised here
        try:
            C.mvvm_object_destroy(handle)
        except Exception:
            pass
        finally:
            STATE.depth -= 1


def deferred_destroys() -> int:
    """How many objects wait for the host thread's next dispatch to be destroyed."""
    return len(_DEFERRED)


_VOID_FN: Final = ctypes.CFUNCTYPE(None)


class CommandClosure:
    """A command as a C function pointer (``address``), valid until ``free()``."""

    def __init__(self, command: str, address: int, closure_id: int, owner: MvvmObject) -> None:
        self.command = command
        self.address = address
        self.id = closure_id
        self._owner = owner  # the runtime must outlive the pointer's users
        self._freed = False

    def __call__(self) -> None:
        """Calls the pointer (as C would); a handler's exception is re-raised here."""
        if self._freed:
            raise NotFoundError(9, "the command closure was freed")
        _VOID_FN(self.address)()
        _ffi.raise_pending()

    def free(self) -> None:
        """mvvm_command_closure_free(); idempotent."""
        if not self._freed:
            self._freed = True
            C.mvvm_command_closure_free(self.id)

    def __enter__(self) -> CommandClosure:
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.free()

"""Runtime, object base class, signals and connections."""

from __future__ import annotations

import ctypes
import itertools
import math
import threading
import weakref
from ctypes import POINTER, byref, c_char_p, c_int, c_int32, c_int64, c_size_t, c_uint64, c_void_p
from dataclasses import dataclass
from enum import IntEnum
from types import TracebackType
from typing import Any, Callable, ClassVar, Final, Generic, Iterator, Sequence, TypeVar, overload

from . import _ffi
from ._ffi import STATE, handler_exception
from .errors import MvvmError, NotFoundError, NotInitializedError

T = TypeVar("T")
Handler = Callable[..., object]


def _L() -> Any:
    return _ffi.lib()


# ---------------------------------------------------------------------------------------
# Enumerations and value types
# ---------------------------------------------------------------------------------------


class ObjectType(IntEnum):
    REPOSITORY = 1
    USER_LIST = 2
    USER_DETAIL = 3
    POST_DETAIL = 4
    SORTED_INTEGERS = 5
    STOPWATCH = 6
    COORDINATOR = 7


class Loading(IntEnum):
    NONE = 0
    FULL_SCREEN = 1
    NEXT_PAGE = 2


class ViewState(IntEnum):
    IDLE = 0
    LOADING = 1
    LOADED = 2
    EMPTY = 3
    FAILED = 4


class Navigation(IntEnum):
    PUSH = 1
    POP = 2


class ListChangeKind(IntEnum):
    RESET = 1
    INSERT = 2
    REMOVE = 3
    UPDATE = 4
    MOVE = 5


class MemberKind(IntEnum):
    PROPERTY = 1
    COMMAND = 2
    SIGNAL = 3


class ConnectFlags(IntEnum):
    DEFAULT = 0
    SWAPPED = 1
    NO_OBJECT = 2


@dataclass(frozen=True)
class ListChange:
    """One edit of a list; a change set is a list of them, applied in order. For MOVE,
    the row at ``start`` moved to index ``count``."""

    kind: ListChangeKind
    start: int
    count: int


@dataclass(frozen=True)
class User:
    id: int
    name: str
    email: str

    @staticmethod
    def _from_c(c: _ffi.User) -> User:
        return User(int(c.id), _ffi.decode(c.name) or "", _ffi.decode(c.email) or "")


@dataclass(frozen=True)
class Post:
    id: int
    title: str
    body: str
    author_name: str
    created_at: float
    likes_count: int
    liked_by_current_user: bool
    comments_count: int


@dataclass(frozen=True)
class Comment:
    id: int
    author_name: str
    body: str


@dataclass(frozen=True)
class MemberInfo:
    name: str
    kind: MemberKind
    function: str | None
    c_signature: str


@dataclass(frozen=True)
class TypeInfo:
    type: ObjectType
    name: str
    members: tuple[MemberInfo, ...]


def describe(object_type: ObjectType | int) -> TypeInfo:
    """mvvm_type_describe(): the static description of a type."""
    out = POINTER(_ffi.TypeInfo)()
    _L().mvvm_type_describe(int(object_type), byref(out))
    info = out.contents
    members = tuple(
        MemberInfo(
            _ffi.decode(m.name) or "",
            MemberKind(m.kind),
            _ffi.decode(m.function),
            _ffi.decode(m.c_signature) or "",
        )
        for m in (info.members[i] for i in range(int(info.member_count)))
    )
    return TypeInfo(ObjectType(info.type), _ffi.decode(info.name) or "", members)


def version() -> int:
    return int(_L().mvvm_version())


def version_string() -> str:
    return _ffi.decode(_L().mvvm_version_string()) or ""


def abi_version() -> int:
    return int(_L().mvvm_abi_version())


def status_name(status: int) -> str:
    return _ffi.decode(_L().mvvm_status_name(status)) or ""


def last_error_message() -> str:
    return _ffi.decode(_L().mvvm_last_error_message()) or ""


# ---------------------------------------------------------------------------------------
# Runtime
# ---------------------------------------------------------------------------------------


class Runtime:
    """mvvm_init() ... mvvm_shutdown(). One per process at a time; a context manager.

    Create it on the main thread. ``fileno()`` is the descriptor to watch; call
    ``dispatch()`` when it is readable, or ``run(timeout)`` without a loop."""

    _current: ClassVar[Runtime | None] = None

    def __init__(self) -> None:
        _L().mvvm_init()
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
        _L().mvvm_shutdown()
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

    def fileno(self) -> int:
        fd = c_int(-1)
        _L().mvvm_get_fd(byref(fd))
        return int(fd.value)

    def dispatch(self) -> None:
        """Runs pending work and delivers signals; re-raises a handler's exception."""
        _L().mvvm_dispatch()

    def run(self, timeout: float | None = None) -> bool:
        """Waits up to ``timeout`` seconds (None: no limit) for work, dispatches once; True if
        work was pending."""
        ms = -1 if timeout is None else max(0, min(int(math.ceil(timeout * 1000)), 2**31 - 1))
        out = c_int32(0)
        _L().mvvm_run(ms, byref(out))
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
        _L().mvvm_wakeup()


# ---------------------------------------------------------------------------------------
# Signals
# ---------------------------------------------------------------------------------------

Converter = Callable[["MvvmObject", tuple[Any, ...]], tuple[Any, ...]]


@dataclass(frozen=True)
class SignalSpec:
    """A signal's C handler type (MVVM_CONNECT_DEFAULT layout) and how its C arguments
    become Python values."""

    c_signature: str
    cfunctype: Any
    convert: Converter


def _bool(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    return (bool(a[0]),)


def _int(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    return (int(a[0]),)


def _enum(e: type[IntEnum]) -> Converter:
    def convert(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
        try:
            return (e(a[0]),)
        except ValueError:
            return (int(a[0]),)

    return convert


def _str(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    return (_ffi.decode(a[0]),)


def _changes(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    ptr, n = a[0], int(a[1])
    out: list[ListChange] = []
    for i in range(n):
        c = ptr[i]
        try:
            kind = ListChangeKind(c.kind)
        except ValueError:  # a kind from a newer library
            continue
        out.append(ListChange(kind, int(c.start), int(c.count)))
    return (out,)


def _user(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    ptr = a[0]
    return (User._from_c(ptr.contents) if ptr else None,)


def _navigate(o: MvvmObject, a: tuple[Any, ...]) -> tuple[Any, ...]:
    action, handle = int(a[0]), a[1]
    nav: Navigation | int
    try:
        nav = Navigation(action)
    except ValueError:
        nav = action
    return (nav, o._navigated(nav, handle))


_P = "void (*)(mvvm_object *, {}, void *)"
_T_I32 = _ffi.callback_type(c_void_p, c_int32, c_void_p)
_T_I64 = _ffi.callback_type(c_void_p, c_int64, c_void_p)
_T_STR = _ffi.callback_type(c_void_p, c_char_p, c_void_p)
_T_USER = _ffi.callback_type(c_void_p, POINTER(_ffi.User), c_void_p)
_T_CHANGES = _ffi.callback_type(c_void_p, POINTER(_ffi.ListChange), c_size_t, c_void_p)
_T_NAV = _ffi.callback_type(c_void_p, c_int32, c_void_p, c_void_p)

I32_BOOL: Final = SignalSpec(_P.format("int32_t"), _T_I32, _bool)
I64: Final = SignalSpec(_P.format("int64_t"), _T_I64, _int)
STR: Final = SignalSpec(_P.format("const char *"), _T_STR, _str)
USER: Final = SignalSpec(_P.format("const mvvm_user *"), _T_USER, _user)
CHANGES: Final = SignalSpec(_P.format("const mvvm_list_change *, size_t"), _T_CHANGES, _changes)
NAVIGATE: Final = SignalSpec(_P.format("int32_t, mvvm_object *"), _T_NAV, _navigate)


def i32_enum(e: type[IntEnum]) -> SignalSpec:
    return SignalSpec(_P.format("int32_t"), _T_I32, _enum(e))


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
        self._owner: weakref.ref[MvvmObject] | None = None
        self._connected = False

    @property
    def connected(self) -> bool:
        return self._connected

    def _ended(self) -> None:
        self._connected = False
        owner = self._owner() if self._owner is not None else None
        if owner is not None:
            owner._connections.pop(self.id, None)
        self.handler = None

    def disconnect(self) -> None:
        """mvvm_signal_disconnect(); does nothing if the connection already ended."""
        if not self._connected:
            return
        _L().mvvm_signal_disconnect(self.id)

    def __enter__(self) -> Connection:
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.disconnect()

    def __repr__(self) -> str:
        state = "connected" if self._connected else "ended"
        return f"<mvvm.Connection {self.signal!r} id={self.id} {state}>"


def _trampoline(spec: SignalSpec, conn: Connection, owner: weakref.ref[MvvmObject]) -> Any:
    def call(*cargs: Any) -> None:
        STATE.depth += 1
        try:
            fn = conn.handler
            obj = owner()
            if fn is None or obj is None or not conn._connected:
                return
            fn(*spec.convert(obj, cargs[1:-1]))
        except BaseException as exc:  # stored; re-raised by the API call that ran us
            handler_exception(exc)
        finally:
            STATE.depth -= 1

    return spec.cfunctype(call)


# ---------------------------------------------------------------------------------------
# Objects
# ---------------------------------------------------------------------------------------


class MvvmObject:
    """Base of every library object wrapper. ``close()`` destroys the C object (also on
    garbage collection, for objects the host created)."""

    object_type: ClassVar[ObjectType]
    signals: ClassVar[dict[str, SignalSpec]] = {}
    _wrappers: ClassVar[dict[ObjectType, type[MvvmObject]]] = {}

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
        self._parent = parent  # keeps the repository / coordinator alive
        self._owned = owned
        self._closed = False
        self._connections = {}

    @classmethod
    def _wrap(cls: type[_O], handle: int, runtime: Runtime, parent: object, owned: bool) -> _O:
        obj = cls.__new__(cls)
        obj._setup(handle, runtime, parent, owned)
        return obj

    @staticmethod
    def _new_handle(fn: Callable[..., Any], *args: Any) -> int:
        out = c_void_p()
        fn(*args, byref(out))
        return int(out.value or 0)

    @property
    def handle(self) -> int:
        """The raw mvvm_object * (an int), e.g. for another binding."""
        return self._handle

    @property
    def runtime(self) -> Runtime:
        return self._runtime

    @property
    def owned(self) -> bool:
        """False for coordinator screens: the coordinator destroys them."""
        return self._owned

    @property
    def closed(self) -> bool:
        return self._closed

    def get_type(self) -> ObjectType:
        """mvvm_object_get_type()."""
        out = c_int(0)
        _L().mvvm_object_get_type(self._handle, byref(out))
        return ObjectType(out.value)

    def connect(self, signal: str, handler: Handler) -> Connection:
        """Connects ``handler`` to ``signal`` (e.g. "notify::loading"); it is called with the
        signal's arguments as Python values (the object itself is not passed)."""
        spec = self.signals.get(signal)
        name = _ffi.encode(signal)
        if spec is None:
            # Let the library name the error (UnknownNameError) for a name we do not know.
            out = c_uint64(0)
            _L().mvvm_signal_connect(
                self._handle, name, ctypes.cast(_NOOP, c_void_p), None, _ffi.DestroyNotify(), byref(out)
            )
            _L().mvvm_signal_disconnect(out.value)
            raise MvvmError(0, f"{type(self).__name__} has no Python mapping for {signal!r}")
        conn = Connection(signal, handler)
        conn._owner = weakref.ref(self)
        cfunc = _trampoline(spec, conn, weakref.ref(self))
        key = next(_keys)
        out_id = c_uint64(0)
        slot = _Slot(cfunc, conn)
        _REGISTRY[key] = slot
        conn._cfunc = cfunc
        conn._connected = True
        try:
            _L().mvvm_signal_connect(
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
            raise
        conn.id = int(out_id.value)
        self._connections[conn.id] = conn
        return conn

    def command_closure(self, command: str) -> CommandClosure:
        """mvvm_command_closure_new(): a plain C function pointer ``void (*)(void)`` running
        the argument-less command ``command`` (e.g. "refresh"), for C toolkits."""
        fn = c_void_p()
        out_id = c_uint64(0)
        _L().mvvm_command_closure_new(self._handle, _ffi.encode(command), byref(fn), byref(out_id))
        return CommandClosure(command, int(fn.value or 0), int(out_id.value), self)

    @property
    def connections(self) -> list[Connection]:
        return list(self._connections.values())

    def close(self) -> None:
        """mvvm_object_destroy(). Coordinator screens raise StateError (the coordinator
        owns them). Closing twice does nothing."""
        if self._closed:
            return
        _L().mvvm_object_destroy(self._handle)
        self._closed = True

    def __enter__(self: _O) -> _O:
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if (
                getattr(self, "_owned", False)
                and not self._closed
                and self._runtime._alive
                and threading.get_ident() == STATE.main_thread
            ):
                STATE.depth += 1  # do not deliver or raise other calls' handler errors here
                try:
                    _L().mvvm_object_destroy(self._handle)
                except Exception:
                    pass
                finally:
                    STATE.depth -= 1
        except Exception:
            pass

    def _navigated(self, action: Navigation | int, handle: int | None) -> Any:
        return None

    # getters ------------------------------------------------------------------------

    def _get_i32(self, fn: str) -> int:
        out = c_int32(0)
        getattr(_L(), fn)(self._handle, byref(out))
        return int(out.value)

    def _get_i64(self, fn: str) -> int:
        out = c_int64(0)
        getattr(_L(), fn)(self._handle, byref(out))
        return int(out.value)

    def _get_str(self, fn: str) -> str | None:
        out = c_char_p()
        getattr(_L(), fn)(self._handle, byref(out))
        return _ffi.decode(out.value)

    def _call(self, fn: str, *args: Any) -> None:
        getattr(_L(), fn)(self._handle, *args)

    def __repr__(self) -> str:
        state = " closed" if self._closed else ""
        return f"<mvvm.{type(self).__name__} handle=0x{self._handle:x}{state}>"


_O = TypeVar("_O", bound=MvvmObject)

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
            _L().mvvm_command_closure_free(self.id)

    def __enter__(self) -> CommandClosure:
        return self

    def __exit__(
        self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.free()


class IndexedView(Sequence[T], Generic[T]):
    """A live sequence over a C list: len() asks the count, [i] reads one row in O(1)."""

    def __init__(self, count: Callable[[], int], get: Callable[[int], T]) -> None:
        self._count = count
        self._get = get

    def __len__(self) -> int:
        return self._count()

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._get(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError("index out of range")
        return self._get(index)

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self)):
            yield self._get(i)

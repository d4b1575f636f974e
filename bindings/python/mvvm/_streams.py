"""Async iterators over signals: obj.values(name), obj.changes(list), obj.events(signal),
obj.wait_for(name, value). Below the class layer: it knows an object by its methods
(``connect``) and its class's plan (``_class_plan``, set by mvvm._classes), so mvvm._core and
mvvm._classes call in without an import cycle."""

from __future__ import annotations

# typing at run time: streams are used with asyncio, which imports it anyway.
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Callable

    from ._core import Connection, MvvmObject

T = TypeVar("T")


class _Feed:
    """What the signal's handler fills: the buffer, the waiting future, the end. The
    connection holds it, not the :class:`Stream` (a stream nobody holds any more is collected
    and disconnects)."""

    __slots__ = ("buffer", "latest", "waiter", "ended", "connection")

    def __init__(self, latest: bool) -> None:
        import collections

        self.buffer: collections.deque[Any] = collections.deque()
        self.latest = latest
        self.waiter: asyncio.Future[None] | None = None
        self.ended = False
        self.connection: Connection | None = None

    def push(self, value: Any) -> None:
        if self.ended:
            return
        if self.latest:
            self.buffer.clear()
        self.buffer.append(value)
        self._wake()

    def push_args(self, *args: Any) -> None:
        self.push(args[0] if len(args) == 1 else args)

    def end(self) -> None:
        """The connection ended (the object was destroyed, the runtime shut down, or we
        disconnected): what is buffered is still delivered, then the iteration stops."""
        self.ended = True
        self.connection = None
        self._wake()

    def close(self) -> None:
        """Drops what is buffered and disconnects."""
        self.buffer.clear()
        conn, self.connection = self.connection, None
        self.ended = True
        if conn is not None:
            conn.disconnect()
        self._wake()

    def _wake(self) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)


class Stream(Generic[T]):
    """An async iterator over one signal of one object, connected when made (no change is
    missed between making it and the first ``await``). Use it on the host thread, in the
    asyncio loop that dispatches the runtime (:func:`asyncio_attach`).

    Back-pressure: ``values()`` keeps the LATEST value only (a property's intermediate values
    are stale; the library coalesces them within one call too); ``changes()`` and ``events()``
    keep EVERY value, in order, in an unbounded buffer (``pending`` says how many wait).

    The iteration ends (StopAsyncIteration, after what was buffered) when the object is
    destroyed or the runtime shuts down. The stream closes (disconnects, drops what is
    buffered) on ``aclose()``, at the end of ``async with``, when the task awaiting its next
    value is cancelled (as an async generator is finished by a cancellation), or when it is
    garbage-collected (after ``break``)."""

    __slots__ = ("_feed", "_object", "signal", "__weakref__")

    def __init__(self, obj: MvvmObject, signal: str, latest: bool, initial: tuple[Any, ...] | None,
                 handler: Callable[[_Feed], Callable[..., None]]) -> None:
        feed = _Feed(latest)
        self._feed = feed
        self._object = obj  # the wrapper stays alive while iterated
        self.signal = signal
        conn = obj.connect(signal, handler(feed))
        feed.connection = conn
        conn._on_end = feed.end
        if initial is not None:
            feed.push(initial[0])

    @property
    def closed(self) -> bool:
        """True once no value will come any more (closed, or its connection ended)."""
        return self._feed.ended

    @property
    def pending(self) -> int:
        """How many values are buffered."""
        return len(self._feed.buffer)

    def __aiter__(self) -> Stream[T]:
        return self

    async def __anext__(self) -> T:
        import asyncio

        feed = self._feed
        while not feed.buffer:
            if feed.ended:
                raise StopAsyncIteration
            waiter = feed.waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            except asyncio.CancelledError:
                feed.close()
                raise
            finally:
                feed.waiter = None
        value: T = feed.buffer.popleft()
        return value

    async def aclose(self) -> None:
        """Disconnects; a value buffered is dropped. Idempotent."""
        self._feed.close()

    def close(self) -> None:
        """:meth:`aclose`, from synchronous code."""
        self._feed.close()

    async def __aenter__(self) -> Stream[T]:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._feed.close()

    def __del__(self) -> None:
        # Dropped while connected (``break`` out of ``async for``): disconnect, as
        # MvvmObject.__del__ destroys, only on the host thread of a live runtime.
        try:
            import _thread

            from ._ffi import STATE

            feed = self._feed
            if (feed.connection is not None and _thread.get_ident() == STATE.main_thread
                    and self._object.runtime.alive):
                STATE.depth += 1  # do not deliver or raise other calls' handler errors here
                try:
                    feed.close()
                finally:
                    STATE.depth -= 1
        except Exception:
            pass

    def __repr__(self) -> str:
        state = "closed" if self._feed.ended else f"{len(self._feed.buffer)} pending"
        return f"<mvvm.Stream {self.signal!r} of {self._object!r}: {state}>"


def _member(obj: MvvmObject, name: str, kind: int, what: str) -> Any:
    """The plan's member of ``obj``'s type named ``name`` (its C name or its Python name) of
    ``kind``; UnknownNameError naming what the type has otherwise."""
    from .errors import UnknownNameError

    plan = getattr(type(obj), "_class_plan", None)
    if plan is None:  # a bare MvvmObject: no class was built for its type
        raise UnknownNameError(8, f"{type(obj).__name__} has no members to stream (not a built class)")
    members = [m for m in plan.members if m.kind == kind]
    for m in members:
        if name in (m.name, m.py):
            return m
    have = ", ".join(repr(m.name) for m in members) or "none"
    plural = "properties" if what == "property" else what + "s"
    raise UnknownNameError(8, f"{plan.name} has no {what} {name!r} (its {plural}: {have})")


def values(obj: MvvmObject, name: str) -> Stream[Any]:
    """``obj.values(name)``: see :meth:`MvvmObject.values`."""
    from ._enums import MemberKind

    prop = _member(obj, name, MemberKind.PROPERTY, "property")
    if prop.signal is None:
        from .errors import UnknownNameError

        raise UnknownNameError(8, f"the property {prop.name!r} has no notify:: signal")
    getter = getattr(type(obj), prop.py, None)
    current = getter.fget(obj) if isinstance(getter, property) and getter.fget else getattr(obj, prop.py)
    return Stream(obj, prop.signal, True, (current,), lambda feed: feed.push)


def changes(obj: MvvmObject, list_name: str) -> Stream[Any]:
    """``obj.changes(list_name)``: see :meth:`MvvmObject.changes`."""
    from ._enums import MemberKind

    lst = _member(obj, list_name, MemberKind.LIST, "list")
    if lst.signal is None:
        from .errors import UnknownNameError

        raise UnknownNameError(8, f"the list {lst.name!r} has no change signal")
    return Stream(obj, lst.signal, False, None, lambda feed: feed.push)


def events(obj: MvvmObject, signal: str) -> Stream[Any]:
    """``obj.events(signal)``: see :meth:`MvvmObject.events`."""
    return Stream(obj, signal, False, None, lambda feed: feed.push_args)


async def wait_for(obj: MvvmObject, name: str, value: Any) -> Any:
    """``obj.wait_for(name, value)``: see :meth:`MvvmObject.wait_for`."""
    from .errors import InvalidHandleError

    match: Callable[[Any], bool] = value if callable(value) else (lambda v: bool(v == value))
    async with values(obj, name) as stream:
        async for current in stream:
            if match(current):
                return current
    raise InvalidHandleError(
        2, f"{type(obj).__name__} was destroyed (or the runtime shut down) before {name!r} became {value!r}"
    )

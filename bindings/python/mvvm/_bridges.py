"""What every host implementation in Python shares (an application's interfaces in
_interfaces.py, and the hand-written tables an application's own module may bridge): a method's result -- a value, an awaitable, a
Future -- settled into an answer, cancellation, and the destroy notifier that drops the bridge.
"""

from __future__ import annotations

import inspect
import itertools
from typing import TYPE_CHECKING, Any, Callable, Final

from . import _ffi
from ._ffi import STATE, handler_exception
from .errors import NotFoundError

if TYPE_CHECKING:
    # Imported where used: `import mvvm` should not pay for asyncio (see _asyncio.py).
    import asyncio


def fail(request: int, message: str) -> None:
    try:
        raw = message.encode("utf-8", "replace")
        _ffi.lib().mvvm_request_fail(request, raw or b"failed")
    except NotFoundError:
        pass  # cancelled or already answered


# ---------------------------------------------------------------------------------------
# The bridge: one per host implementation
# ---------------------------------------------------------------------------------------


class Bridge:
    """What every host implementation's calls share: a method's result (a value, an
    awaitable, a Future) settled into an answer, and cancellation. ``answer`` resolves one
    request of method ``kind`` with a value."""

    def __init__(self, impl: Any, loop: asyncio.AbstractEventLoop | None) -> None:
        self.impl = impl
        self.loop = loop
        self.pending: dict[int, Any] = {}  # request -> task/future
        self.kinds: dict[int, str] = {}

    def answer(self, kind: str, request: int, value: Any) -> None:
        raise NotImplementedError


    def _entry(self, kind: str, convert: Callable[[tuple[Any, ...]], tuple[Any, ...]]) -> Callable[..., None]:
        def call(user_data: Any, request: Any, *args: Any) -> None:
            STATE.depth += 1
            try:
                req = int(request or 0)
                try:
                    result = getattr(self.impl, kind)(*convert(args))
                except Exception as exc:
                    fail(req, str(exc) or type(exc).__name__)
                    return
                try:
                    self._settle(kind, req, result)
                except Exception as exc:  # e.g. an async method without a loop
                    fail(req, str(exc))
                    raise
            except BaseException as exc:  # never into C; re-raised by the API call
                handler_exception(exc)
            finally:
                STATE.depth -= 1

        return call

    def _settle(self, kind: str, req: int, result: Any) -> None:
        if inspect.isawaitable(result):
            import asyncio

            loop = self.loop
            if loop is None:
                try:
                    loop = asyncio.get_running_loop()
                except RuntimeError:
                    if inspect.iscoroutine(result):
                        result.close()
                    raise RuntimeError(
                        f"{type(self.impl).__name__}.{kind} is async but no asyncio loop runs; "
                        "run the runtime in a loop (mvvm.asyncio_attach(runtime) inside "
                        "asyncio.run()) or pass loop= where the object is made"
                    ) from None
            result = asyncio.ensure_future(result, loop=loop)
        if hasattr(result, "add_done_callback") and hasattr(result, "cancel"):
            self.pending[req] = result
            self.kinds[req] = kind

            def done(fut: Any) -> None:
                # Still listed unless the library cancelled it (_cancel, shutdown), which
                # takes it off the list first: then nobody waits for an answer.
                awaited = self.pending.pop(req, None) is not None
                self.kinds.pop(req, None)
                # One result() call on the answer's path, not cancelled() + exception() +
                # result(): each takes a concurrent.futures.Future's lock.
                try:
                    value = fut.result()
                except BaseException as exc:
                    if not fut.cancelled():
                        fail(req, str(exc) or type(exc).__name__)
                    elif awaited:
                        # Cancelled by the host's own code: no answer will come, so the
                        # ViewModel gets a failure instead of waiting for ever.
                        fail(req, f"{type(self.impl).__name__}.{kind} was cancelled")
                    return
                self.answer(kind, req, value)

            result.add_done_callback(done)
            return
        self.answer(kind, req, result)

    def _cancel(self, user_data: Any, request: Any) -> None:
        STATE.depth += 1
        try:
            req = int(request or 0)
            fut = self.pending.pop(req, None)
            kind = self.kinds.pop(req, "")
            if fut is not None:
                fut.cancel()
            self.impl.cancelled(kind)
        except BaseException as exc:
            handler_exception(exc)
        finally:
            STATE.depth -= 1


#: user_data key -> bridge; dropped (after the outermost call) by the destroy notifier.
BRIDGES: Final[dict[int, Bridge]] = {}
keys = itertools.count(1)


def _destroyed(user_data: int | None) -> None:
    try:
        bridge = BRIDGES.pop(int(user_data or 0), None)
        if bridge is not None:
            # Off the list before cancelling: their done-callbacks then know nobody waits.
            futures = list(bridge.pending.values())
            bridge.pending.clear()
            bridge.kinds.clear()
            for fut in futures:
                fut.cancel()
            STATE.graveyard.append(bridge)
    except BaseException as exc:
        handler_exception(exc)


bridge_destroyed: Final = _ffi.DestroyNotify(_destroyed)



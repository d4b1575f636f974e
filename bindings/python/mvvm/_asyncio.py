"""asyncio integration: the runtime's descriptor in the loop's reader set (the async
iterators over signals are mvvm._streams)."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from ._core import Runtime

    # asyncio is imported on first use, not with the package: it costs more than the rest of
    # `import mvvm` together, and hosts on Tk or their own loop never need it.
    import asyncio


class AsyncioAttachment:
    """Returned by :func:`asyncio_attach`; ``detach()`` removes the reader."""

    def __init__(self, runtime: Runtime, loop: asyncio.AbstractEventLoop) -> None:
        self.runtime = runtime
        self.loop = loop
        self.fd = runtime.fileno()
        self._attached = True
        loop.add_reader(self.fd, runtime.dispatch)

    def detach(self) -> None:
        if self._attached:
            self._attached = False
            self.loop.remove_reader(self.fd)

    def __enter__(self) -> AsyncioAttachment:
        return self

    def __exit__(self, *exc: object) -> None:
        self.detach()


def asyncio_attach(
    runtime: Runtime, loop: asyncio.AbstractEventLoop | None = None
) -> AsyncioAttachment:
    """Calls ``runtime.dispatch()`` whenever the runtime's descriptor is readable. A handler's
    exception surfaces through the loop's exception handler."""
    import asyncio

    return AsyncioAttachment(runtime, loop or asyncio.get_running_loop())


def asyncio_detach(attachment: AsyncioAttachment) -> None:
    attachment.detach()

"""Tk integration: ``createfilehandler`` on the runtime's descriptor (tkinter imported lazily)."""

from __future__ import annotations

from typing import Any

from ._core import Runtime


class TkAttachment:
    def __init__(self, runtime: Runtime, widget: Any) -> None:
        import tkinter

        self.runtime = runtime
        self.fd = runtime.fileno()
        self._tk = widget.tk
        self._attached = True

        def on_readable(fd: int, mask: int) -> None:
            runtime.dispatch()

        self._tk.createfilehandler(self.fd, tkinter.READABLE, on_readable)

    def detach(self) -> None:
        if self._attached:
            self._attached = False
            self._tk.deletefilehandler(self.fd)


def attach(runtime: Runtime, widget: Any) -> TkAttachment:
    """Dispatches the runtime from Tk's event loop (``widget`` is any Tk widget, e.g. the
    root). Exceptions of handlers go to Tk's report_callback_exception."""
    return TkAttachment(runtime, widget)

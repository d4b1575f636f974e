"""Python bindings of libmvvm over ctypes.

Create a :class:`Runtime` on the main thread, then repositories and ViewModels; connect
handlers with ``obj.connect("notify::loading", fn)``; pump the runtime with
:func:`asyncio_attach`, :func:`mvvm.tk.attach` or ``runtime.run(timeout)``.
"""

from __future__ import annotations

from ._asyncio import AsyncioAttachment, asyncio_attach, asyncio_detach
from ._core import (
    CommandClosure,
    ConnectFlags,
    Connection,
    ListChangeKind,
    Loading,
    MemberKind,
    MvvmObject,
    Navigation,
    ObjectType,
    Runtime,
    SignalSpec,
    ViewState,
    abi_version,
    describe,
    last_error_message,
    live_callbacks,
    status_name,
    version,
    version_string,
)
from ._ffi import ABI_VERSION
from .errors import (
    AbiMismatchError,
    FfiError,
    InvalidArgumentError,
    InvalidHandleError,
    InvalidUtf8Error,
    LibraryNotFoundError,
    MvvmError,
    NotFoundError,
    NotInitializedError,
    OSFailureError,
    OutOfRangeError,
    ReentrancyError,
    StateError,
    Status,
    UnknownNameError,
    WrongThreadError,
    WrongTypeError,
)
from .viewmodels import (
    Coordinator,
    PostDetail,
    Repository,
    SortedIntegers,
    Stopwatch,
    UserDetail,
    UserList,
)

# Imported on first use (PEP 562), not by `import mvvm`: the value dataclasses and host
# repositories need dataclasses, inspect and typing, which cost more than the rest of the
# package's import together (`import mvvm` + runtime start is measured against PyGObject's
# import in Benchmarks/python). `from mvvm import User` and `mvvm.User` work as before.
_LAZY = {
    "Comment": "._values",
    "IndexedView": "._values",
    "ListChange": "._values",
    "MemberInfo": "._values",
    "Post": "._values",
    "TypeInfo": "._values",
    "User": "._values",
    "HostRepository": ".host",
    "UserPage": ".host",
}

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from . import host
    from ._values import Comment, IndexedView, ListChange, MemberInfo, Post, TypeInfo, User
    from .host import HostRepository, UserPage
else:

    def __getattr__(name: str) -> object:
        import importlib

        if name == "host":  # the submodule, as when __init__ imported it
            return importlib.import_module(".host", __name__)
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, __name__), name)
        globals()[name] = value  # later lookups are plain module attributes
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(_LAZY) | {"host"})


__all__ = [
    "ABI_VERSION", "AbiMismatchError", "AsyncioAttachment", "CommandClosure", "Comment", "ConnectFlags",
    "Connection", "Coordinator", "FfiError", "HostRepository", "UserPage", "IndexedView", "InvalidArgumentError",
    "InvalidHandleError", "InvalidUtf8Error", "LibraryNotFoundError", "ListChange",
    "ListChangeKind", "Loading", "MemberInfo", "MemberKind", "MvvmError", "MvvmObject",
    "Navigation", "NotFoundError", "NotInitializedError", "OSFailureError", "ObjectType",
    "OutOfRangeError", "Post", "PostDetail", "ReentrancyError", "Repository", "Runtime",
    "SignalSpec", "SortedIntegers", "StateError", "Status", "Stopwatch", "TypeInfo",
    "UnknownNameError", "User", "UserDetail", "UserList", "ViewState", "WrongThreadError",
    "WrongTypeError", "abi_version", "asyncio_attach", "asyncio_detach", "describe",
    "last_error_message", "live_callbacks", "status_name", "version", "version_string",
]
__version__ = "0.1.0"

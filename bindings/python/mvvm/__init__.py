"""Python bindings of libmvvm over ctypes.

Create a :class:`Runtime` on the main thread, then repositories and ViewModels; connect
handlers with ``obj.connect("notify::loading", fn)``; pump the runtime with
:func:`asyncio_attach`, :func:`mvvm.tk.attach` or ``runtime.run(timeout)``.
"""

from __future__ import annotations

from ._asyncio import AsyncioAttachment, asyncio_attach, asyncio_detach
from ._core import (
    Comment,
    CommandClosure,
    ConnectFlags,
    Connection,
    IndexedView,
    ListChange,
    ListChangeKind,
    Loading,
    MemberInfo,
    MemberKind,
    MvvmObject,
    Navigation,
    ObjectType,
    Post,
    Runtime,
    SignalSpec,
    TypeInfo,
    User,
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
from .host import HostRepository, UserPage
from .viewmodels import (
    Coordinator,
    PostDetail,
    Repository,
    SortedIntegers,
    Stopwatch,
    UserDetail,
    UserList,
)

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

"""Python bindings of libmvvm over ctypes.

Create a :class:`Runtime` on the main thread, then repositories and ViewModels; connect
handlers with ``obj.connect("notify::loading", fn)``; pump the runtime with
:func:`asyncio_attach`, :func:`mvvm.tk.attach` or ``runtime.run(timeout)``.
"""

from __future__ import annotations

from ._core import (
    CommandClosure,
    Connection,
    MvvmObject,
    Runtime,
    SignalSpec,
    abi_version,
    describe,
    last_error_message,
    live_callbacks,
    status_name,
    version,
    version_string,
)
from ._core import set_class_resolver as _set_class_resolver
from ._ffi import ABI_VERSION
from ._ffi import use_library as load
from .errors import (
    AbiMismatchError,
    FfiError,
    InvalidArgumentError,
    InvalidHandleError,
    InvalidUtf8Error,
    LibraryConflictError,
    LibraryNotFoundError,
    MvvmError,
    NotFoundError,
    NotInitializedError,
    OSFailureError,
    OutOfRangeError,
    ReentrancyError,
    StateError,
    UnknownNameError,
    WrongThreadError,
    WrongTypeError,
)

# Imported on first use (PEP 562), not by `import mvvm`: the value dataclasses and host
# repositories need dataclasses, inspect and typing, which cost more than the rest of the
# package's import together, and the enums need enum, which with its functools and
# collections is a third of it (`import mvvm` + runtime start is measured against
# PyGObject's import in Benchmarks/python). `from mvvm import User` and `mvvm.User` work as
# before. The classes of the library's types (Repository, UserList, ..., and ObjectType) are
# built from the library's introspection when first used (see _classes.py).
_LAZY = {
    "AsyncioAttachment": "._asyncio",
    "asyncio_attach": "._asyncio",
    "asyncio_detach": "._asyncio",
    "ConnectFlags": "._enums",
    "ListChangeKind": "._enums",
    "Loading": "._enums",
    "MemberFlags": "._enums",
    "MemberKind": "._enums",
    "Navigation": "._enums",
    "Status": ".errors",
    "ValueKind": "._enums",
    "ViewState": "._enums",
    "ArgumentInfo": "._values",
    "Comment": "._values",
    "IndexedView": "._values",
    "ListChange": "._values",
    "MemberInfo": "._values",
    "MemberShape": "._values",
    "Post": "._values",
    "TypeInfo": "._values",
    "User": "._values",
    "HostRepository": ".host",
    "UserPage": ".host",
    "HostInterface": "._interfaces",
}

__all__: list[str] = [
    "ABI_VERSION", "AbiMismatchError", "ArgumentInfo", "AsyncioAttachment", "CommandClosure",
    "Comment", "ConnectFlags", "Connection", "FfiError", "HostInterface", "HostRepository", "IndexedView",
    "InvalidArgumentError", "InvalidHandleError", "InvalidUtf8Error", "LibraryConflictError",
    "LibraryNotFoundError",
    "ListChange", "ListChangeKind", "Loading", "MemberFlags", "MemberInfo", "MemberKind",
    "MemberShape", "MvvmError", "MvvmObject", "Navigation", "NotFoundError",
    "NotInitializedError", "OSFailureError", "OutOfRangeError", "Post", "ReentrancyError",
    "Runtime", "SignalSpec", "StateError", "Status", "TypeInfo", "UnknownNameError", "User",
    "UserPage", "ValueKind", "ViewState", "WrongThreadError", "WrongTypeError", "abi_version",
    "asyncio_attach", "asyncio_detach", "describe", "last_error_message", "live_callbacks", "load",
    "status_name", "version", "version_string",
]

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)


def _class_for(type_id: int) -> type[MvvmObject]:
    """The class builder's class_for, importing the builder first (which then installs its
    own): ``import mvvm`` does not import _classes, which needs the enums."""
    from . import _classes

    return _classes.class_for(type_id)


_set_class_resolver(_class_for)

if TYPE_CHECKING:
    from . import _generated, host, viewmodels
    from ._asyncio import AsyncioAttachment, asyncio_attach, asyncio_detach
    from ._enums import (
        ConnectFlags,
        ListChangeKind,
        Loading,
        MemberFlags,
        MemberKind,
        Navigation,
        ValueKind,
        ViewState,
    )
    from ._generated import *  # noqa: F403  (ObjectType, Repository, UserList, ...)

    __all__ += _generated.__all__
    from ._values import (
        ArgumentInfo,
        Comment,
        IndexedView,
        ListChange,
        MemberInfo,
        MemberShape,
        Post,
        TypeInfo,
        User,
    )
    from ._interfaces import HostInterface
    from .errors import Status
    from .host import HostRepository, UserPage
else:
    # `from mvvm import *` also gives the built classes: __all__ comes from __getattr__,
    # which can name them (asking the library) when it is asked.
    _STATIC = __all__
    del __all__

    def __getattr__(name: str) -> object:
        import importlib

        if name in ("host", "viewmodels"):  # the submodules, as when __init__ imported them
            return importlib.import_module("." + name, __name__)
        module = _LAZY.get(name)
        if module is not None:
            value = getattr(importlib.import_module(module, __name__), name)
        elif name != "__all__" and not name[:1].isupper():
            # No class: submodules not yet imported come here too (``from . import _classes``
            # asks for the attribute first), so this must not import the builder.
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        else:
            # The class builder, imported with the first class (it needs the enums).
            from . import _classes

            if name == "__all__":
                return _STATIC + _classes.names()
            value = _classes.resolve(name)  # a class of the library's types, or AttributeError
        globals()[name] = value  # later lookups are plain module attributes
        return value

    def __dir__() -> list[str]:
        from . import _classes

        return sorted(set(globals()) | set(_LAZY) | {"host", "viewmodels"} | set(_classes.names()))


__version__ = "0.1.0"

"""Python bindings of the mvvm framework over ctypes, for any application's library.

Create a :class:`Runtime` on the main thread, then the application's objects (their classes
are built from the library's introspection; an application's Python module gives them types
and hand-written parts, :func:`register_override`); connect handlers with
``obj.connect("notify::count", fn)``, or iterate under asyncio (``async for v in
obj.values("count")``, ``obj.changes("rows")``, ``await obj.wait_for("count", 20)``); pump the
runtime with :func:`asyncio_attach`, :func:`mvvm.tk.attach`, :func:`mvvm.gtk.attach` or
``runtime.run(timeout)``.
"""

from __future__ import annotations

from ._core import (
    CommandClosure,
    Connection,
    MvvmObject,
    Runtime,
    SignalSpec,
    abi_version,
    bind_constructor,
    check_module_schema,
    check_schema,
    describe,
    last_error_message,
    live_callbacks,
    schema_hash,
    status_name,
    version,
    version_string,
)
from ._core import set_class_resolver as _set_class_resolver
from ._ffi import ABI_VERSION, bind_function
from ._ffi import Status as c_status
from ._ffi import use_library as load
from ._overrides import override, register_override
from .errors import (
    AbiMismatchError,
    FfiError,
    SchemaMismatchError,
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
# PyGObject's import in Benchmarks/python). `from mvvm import ListChange` and
# `mvvm.ListChange` work as before. The classes, records and enums of the library's types
# (and ObjectType) are built from the library's introspection when first used (see
# _classes.py).
_LAZY = {
    "AsyncioAttachment": "._asyncio",
    "asyncio_attach": "._asyncio",
    "asyncio_detach": "._asyncio",
    "CBase": "._enums",
    "CDirection": "._enums",
    "COwnership": "._enums",
    "Stream": "._streams",
    "values": "._streams",
    "changes": "._streams",
    "events": "._streams",
    "wait_for": "._streams",
    "ConnectFlags": "._enums",
    "Enum": "._enums",
    "ListChangeKind": "._enums",
    "MemberFlags": "._enums",
    "MemberKind": "._enums",
    "Status": ".errors",
    "ValueKind": "._enums",
    "ViewState": "._enums",
    "ArgumentInfo": "._values",
    "CFunction": "._values",
    "CParameter": "._values",
    "ConstructorInfo": "._values",
    "IndexedView": "._values",
    "ListChange": "._values",
    "MemberInfo": "._values",
    "MemberShape": "._values",
    "TypeInfo": "._values",
    "HostInterface": "._interfaces",
    "ReplayResult": "._debug",
    "leak_report": "._debug",
    "replay": "._debug",
}

__all__: list[str] = [
    "ABI_VERSION", "AbiMismatchError", "ArgumentInfo", "AsyncioAttachment", "CBase", "CDirection",
    "CFunction", "COwnership", "CParameter", "CommandClosure", "ConstructorInfo",
    "ConnectFlags", "Connection", "Enum", "FfiError", "HostInterface", "IndexedView",
    "InvalidArgumentError", "InvalidHandleError", "InvalidUtf8Error", "LibraryConflictError",
    "LibraryNotFoundError", "ListChange", "ListChangeKind", "MemberFlags", "MemberInfo",
    "MemberKind", "MemberShape", "MvvmError", "MvvmObject", "NotFoundError",
    "NotInitializedError", "OSFailureError", "OutOfRangeError", "ReentrancyError", "ReplayResult",
    "Runtime", "SchemaMismatchError", "SignalSpec", "StateError", "Status", "Stream", "TypeInfo", "UnknownNameError",
    "ValueKind", "ViewState", "WrongThreadError", "WrongTypeError", "abi_version",
    "asyncio_attach", "asyncio_detach", "bind_constructor", "bind_function", "c_status", "changes", "check_module_schema", "check_schema", "describe",
    "events", "last_error_message", "leak_report", "live_callbacks", "load", "override", "register_override", "replay",
    "schema_hash", "status_name", "values", "version", "version_string", "wait_for",
]

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)


def _class_for(type_id: int) -> type[MvvmObject]:
    """The class builder's class_for, importing the builder first (which then installs its
    own): ``import mvvm`` does not import _classes, which needs the enums."""
    from . import _classes

    return _classes.class_for(type_id)


_set_class_resolver(_class_for)

if TYPE_CHECKING:
    from . import viewmodels
    from ._asyncio import AsyncioAttachment, asyncio_attach, asyncio_detach
    from ._streams import Stream, changes, events, values, wait_for
    from ._enums import (
        CBase,
        CDirection,
        COwnership,
        ConnectFlags,
        Enum,
        ListChangeKind,
        MemberFlags,
        MemberKind,
        ObjectType,
        ValueKind,
        ViewState,
    )
    from ._values import (
        ArgumentInfo,
        CFunction,
        CParameter,
        ConstructorInfo,
        IndexedView,
        ListChange,
        MemberInfo,
        MemberShape,
        TypeInfo,
    )
    from ._debug import ReplayResult, leak_report, replay
    from ._interfaces import HostInterface
    from .errors import Status
else:
    # `from mvvm import *` also gives the built classes: __all__ comes from __getattr__,
    # which can name them (asking the library) when it is asked.
    _STATIC = __all__
    del __all__

    def __getattr__(name: str) -> object:
        import importlib

        if name == "viewmodels":  # the submodule, as when __init__ imported it
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

        return sorted(set(globals()) | set(_LAZY) | {"viewmodels"} | set(_classes.names()))


__version__ = "0.1.0"

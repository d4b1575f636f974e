"""Exceptions: one per mvvm_status, all derived from :class:`MvvmError`."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from ._status import Status as Status  # re-exported: mvvm.errors.Status
else:

    def __getattr__(name: str) -> object:
        # Status, the IntEnum of mvvm_status, imported on first use (see _status.py).
        if name == "Status":
            from ._status import Status

            globals()["Status"] = Status  # later lookups are plain module attributes
            return Status
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(globals()) | {"Status"})


# Named here because Status is not a global until it is used (`from mvvm.errors import *`).
__all__ = [
    "AbiMismatchError", "FfiError", "InvalidArgumentError", "InvalidHandleError", "InvalidUtf8Error",
    "LibraryConflictError", "LibraryNotFoundError", "MvvmError", "NotFoundError", "NotInitializedError",
    "OSFailureError", "OutOfRangeError", "ReentrancyError", "StateError", "Status", "UnknownNameError",
    "WrongThreadError", "WrongTypeError", "from_status",
]


class MvvmError(Exception):
    """A libmvvm call failed. ``status`` is the mvvm_status, ``message`` the library's words
    (mvvm_last_error_message())."""

    status: int
    message: str

    def __init__(self, status: int, message: str, function: str = "") -> None:
        self.status = status
        self.message = message
        self.function = function
        prefix = f"{function}: " if function else ""
        super().__init__(f"{prefix}{message}" if message else f"{prefix}status {status}")


class InvalidArgumentError(MvvmError):
    pass


class InvalidHandleError(MvvmError):
    pass


class WrongTypeError(MvvmError):
    pass


class WrongThreadError(MvvmError):
    pass


class NotInitializedError(MvvmError):
    pass


class OutOfRangeError(MvvmError, IndexError):
    pass


class InvalidUtf8Error(MvvmError):
    pass


class UnknownNameError(MvvmError):
    pass


class NotFoundError(MvvmError):
    pass


class ReentrancyError(MvvmError):
    pass


class StateError(MvvmError):
    pass


class OSFailureError(MvvmError):
    """MVVM_E_SYSTEM: the operating system refused (a file, a descriptor, memory)."""


class FfiError(MvvmError):
    pass


class SchemaMismatchError(MvvmError):
    """The library was built from other declarations of the application than the stubs (or
    header) in use: their schema hashes differ (MVVM_E_SCHEMA; the message names both and what
    to regenerate)."""


class AbiMismatchError(ImportError):
    """The loaded libmvvm has another MVVM_ABI_VERSION than this package expects."""


class LibraryNotFoundError(ImportError):
    """No libmvvm.so could be loaded."""


class LibraryConflictError(ImportError):
    """The process uses one application's library already and was asked for another
    (``mvvm.Runtime(library=...)``): one process, one Swift runtime, one library."""


#: mvvm_status -> its exception, made at the first failure (it needs the Status enum).
_BY_STATUS: dict[int, type[MvvmError]] = {}


def from_status(status: int, message: str, function: str = "") -> MvvmError:
    """The exception for a failed status."""
    if not _BY_STATUS:
        from ._status import Status

        _BY_STATUS.update(
            {
                Status.INVALID_ARGUMENT: InvalidArgumentError,
                Status.INVALID_HANDLE: InvalidHandleError,
                Status.WRONG_TYPE: WrongTypeError,
                Status.WRONG_THREAD: WrongThreadError,
                Status.NOT_INITIALIZED: NotInitializedError,
                Status.OUT_OF_RANGE: OutOfRangeError,
                Status.INVALID_UTF8: InvalidUtf8Error,
                Status.UNKNOWN_NAME: UnknownNameError,
                Status.NOT_FOUND: NotFoundError,
                Status.REENTRANCY: ReentrancyError,
                Status.STATE: StateError,
                Status.SYSTEM: OSFailureError,
                Status.FFI: FfiError,
                Status.SCHEMA: SchemaMismatchError,
            }
        )
    return _BY_STATUS.get(status, MvvmError)(status, message, function)

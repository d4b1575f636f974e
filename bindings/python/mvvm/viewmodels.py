"""Repositories, ViewModels and the coordinator: ``mvvm.viewmodels.UserList`` is
``mvvm.UserList``, the class built from the library's introspection (see _classes.py)."""

from __future__ import annotations

from . import _classes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from ._generated import *  # noqa: F403
else:

    def __getattr__(name: str) -> object:
        value = _classes.resolve(name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(_classes.names()))

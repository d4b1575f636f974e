"""Overrides: hand-written behaviour an application's Python module adds to the classes built
from the library's introspection, as PyGObject's overrides add to its introspected classes.

An override is a class deriving from :class:`mvvm.MvvmObject`, registered for a type name
(``mvvm.register_override("ItemShop", ItemShopOverrides)``, or the decorator
``@mvvm.override("ItemShop")``). When the class of that type is built (at its first use),
the override is its base: the built class adds every member the override does not define
itself, so an override replaces a member by defining its Python name (a constructor
``__init__``, a class method that makes objects another way, an accessor). The override may
also be named as ``"module:Class"``: it is imported when the class is built, so that importing
the application's module stays cheap.

Hooks an override may define (see :class:`mvvm.MvvmObject`): ``_wrap_object(handle)`` (the
wrapper of an object this one hands out), ``_object_signal(code, handle)`` (the handler's
arguments of a signal carrying an ``int32_t`` and an object), and ``SIGNAL_HANDLER_TYPES`` (a
signal name -> its handler's type, as the stub generator writes it).

Register before the class is first used: the class of a type is built once, so registering for
a type whose class exists raises :class:`mvvm.StateError` (import the application's module
before using its classes). Registering the same override again does nothing; another one for
the same type raises :class:`mvvm.StateError` too.
"""

from __future__ import annotations

from . import errors

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    from ._core import MvvmObject

    _C = TypeVar("_C", bound=type[MvvmObject])

_STATE = 11  # MVVM_E_STATE

#: type name -> its override: the class, or "module:Class" until the class is built.
_REGISTERED: dict[str, type[MvvmObject] | str] = {}
#: The type names whose class was built (by _classes.build), with or without an override.
_BUILT: set[str] = set()


def register_override(type_name: str, mixin: type[MvvmObject] | str) -> None:
    """Makes ``mixin`` (a subclass of :class:`mvvm.MvvmObject`, or ``"module:Class"`` naming
    one) the base of the class built for the library's type ``type_name``."""
    if not isinstance(mixin, str):
        from ._core import MvvmObject

        if not (isinstance(mixin, type) and issubclass(mixin, MvvmObject)):
            raise TypeError(f"an override of {type_name} must be a subclass of mvvm.MvvmObject, not {mixin!r}")
    elif ":" not in mixin:
        raise ValueError(f"an override of {type_name} named by a string must be 'module:Class', not {mixin!r}")
    old = _REGISTERED.get(type_name)
    if old is not None and old != mixin and not (isinstance(old, type) and _spelled(old) == mixin):
        raise errors.StateError(_STATE, f"{type_name} already has the override {_spelled(old)}; it cannot also have {_spelled(mixin)}")
    if type_name in _BUILT and old is None:
        raise errors.StateError(
            _STATE,
            f"the class {type_name} was built before its override {_spelled(mixin)} was registered; "
            "register overrides (import the application's Python module) before the class is first used",
        )
    if old is None:
        _REGISTERED[type_name] = mixin


def override(type_name: str) -> Callable[[_C], _C]:
    """``@mvvm.override("ItemShop")`` on a class: :func:`register_override` of it."""

    def register(cls: _C) -> _C:
        register_override(type_name, cls)
        return cls

    return register


def mixin_for(type_name: str) -> type[MvvmObject] | None:
    """The override of ``type_name`` (imported if registered by name), None without one. The
    class builder asks it when it builds the class, which marks the type as built."""
    _BUILT.add(type_name)
    mixin = _REGISTERED.get(type_name)
    if isinstance(mixin, str):
        import importlib

        module, _, name = mixin.partition(":")
        found = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
        mixin = _REGISTERED[type_name] = found  # type: ignore[assignment]
    return mixin  # type: ignore[return-value]


def _spelled(mixin: type | str) -> str:
    return mixin if isinstance(mixin, str) else f"{mixin.__module__}:{mixin.__qualname__}"

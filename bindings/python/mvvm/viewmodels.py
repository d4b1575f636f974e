"""The classes of the library's types under a module of their own: ``mvvm.viewmodels.ItemList``
is ``mvvm.ItemList``, the class built from the library's introspection (see _classes.py). (An
application's own module types them: its generated stub.)"""

from __future__ import annotations

from . import _classes


def __getattr__(name: str) -> object:
    value = _classes.resolve(name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_classes.names()))

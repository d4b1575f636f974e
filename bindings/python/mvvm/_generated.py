"""The classes of the library's types and ``ObjectType``, built from mvvm_type_describe() at
first use (see _classes.py).

Their types are in ``_generated.pyi``, written from the same introspection by
``python -m mvvm._stubgen`` (run-tests.sh fails when it is stale), so that mypy checks code
against every property, command and signal.
"""

from __future__ import annotations

from . import _classes


def __getattr__(name: str) -> object:
    value = _classes.resolve(name)
    globals()[name] = value  # later lookups are plain module attributes
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_classes.names()))

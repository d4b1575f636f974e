"""The seeds' app's enum that its library does not describe: mvvm_navigation, the action of the
coordinator's "navigate" signal. (Its described enums, Loading and ViewState, are built from
the library's introspection.)"""

from __future__ import annotations

from mvvm import Enum


class Navigation(Enum):
    """mvvm_navigation."""

    PUSH = 1
    POP = 2


__all__ = ["Navigation"]

"""mvvm_status as an IntEnum, ``mvvm.errors.Status`` (and ``mvvm.Status``).

A module of its own, which errors.py imports at first use, so that ``import mvvm`` does not
import enum (see __init__.py).
"""

from __future__ import annotations

from enum import IntEnum


class Status(IntEnum):
    """mvvm_status: a plain IntEnum, printed as its number."""

    __module__ = "mvvm.errors"  # where it is used from (pickles, help()), as before

    OK = 0
    INVALID_ARGUMENT = 1
    INVALID_HANDLE = 2
    WRONG_TYPE = 3
    WRONG_THREAD = 4
    NOT_INITIALIZED = 5
    OUT_OF_RANGE = 6
    INVALID_UTF8 = 7
    UNKNOWN_NAME = 8
    NOT_FOUND = 9
    REENTRANCY = 10
    STATE = 11
    SYSTEM = 12
    FFI = 13
    SCHEMA = 14

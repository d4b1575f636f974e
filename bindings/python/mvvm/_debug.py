"""Debugging (mvvm.h, "Debugging"; docs/JOURNAL.md): replay a journal, the leak report, a
runtime's snapshot and the live viewer's socket. ``mvvm-replay`` (installed with the package)
is :func:`main`."""

from __future__ import annotations

import argparse
import ctypes
import json
import sys
from ctypes import byref, c_char_p, c_void_p
from dataclasses import dataclass
from typing import Any

from . import _ffi, errors
from ._ffi import C

_E_STATE = 11  # MVVM_E_STATE



@dataclass(frozen=True)
class ReplayResult:
    """What :func:`replay` found: ``identical``, and the library's report ("replay:
    identical (N calls, …)" or the first divergence with its journal line)."""

    identical: bool
    report: str

    def __bool__(self) -> bool:
        return self.identical


def _owned_string(pointer: c_void_p) -> str:
    if not pointer.value:
        return ""
    try:
        return ctypes.string_at(pointer.value).decode("utf-8", "replace")
    finally:
        C.mvvm_string_free(pointer)


def replay(journal: str, library: str | None = None, *, settle: float = 2.0) -> ReplayResult:
    """Replays ``journal`` against ``library`` (by default the loaded one, or the package's):
    mvvm_replay(), on the calling thread, with no :class:`mvvm.Runtime` running (it starts
    and stops its own). A divergence is a result, not an error; a journal that cannot be
    replayed (another format, another application's schema, a cut value) raises
    :class:`mvvm.InvalidArgumentError` with the reason, and a running runtime
    :class:`mvvm.StateError`."""
    if library is not None:
        _ffi.use_library(library)
    options = _ffi.ReplayOptions(ctypes.sizeof(_ffi.ReplayOptions), max(0, min(int(settle * 1000), 2**32 - 1)))
    out = c_void_p()
    # Unchecked: a divergence (MVVM_E_STATE with a report) is a result, not an exception.
    status = int(_ffi.unchecked("mvvm_replay")(_ffi.encode(journal, "the journal's path"), byref(options), byref(out)))
    report = _owned_string(out)
    if status == 0:
        return ReplayResult(True, report)
    if status == _E_STATE and report.startswith("replay: diverged"):
        return ReplayResult(False, report)
    raise errors.from_status(status, report, "mvvm_replay")


def leak_report() -> str:
    """The last mvvm_shutdown()'s leak report (``Runtime(report_leaks=True)`` or
    MVVM_DEBUG_LEAKS=1): "" when nothing was left unreleased."""
    raw = C.mvvm_debug_leak_report()
    return raw.decode("utf-8", "replace") if raw else ""


def snapshot() -> dict[str, Any]:
    """mvvm_debug_snapshot(): every live object with its type, properties, list counts and
    handlers, and the pending requests, as a dict (docs/JOURNAL.md, "Snapshots")."""
    out = c_void_p()
    C.mvvm_debug_snapshot(byref(out))
    parsed: dict[str, Any] = json.loads(_owned_string(out))
    return parsed


def serve(path: str | None = None) -> str:
    """mvvm_debug_serve(): the live viewer's Unix socket (mode 0600) at ``path`` or the
    default place; its path. ``python3 -m mvvm.inspect --socket PATH`` shows it."""
    out = c_char_p()
    C.mvvm_debug_serve(None if path is None else _ffi.encode(path, "the socket's path"), byref(out))
    return (out.value or b"").decode("utf-8")


def main(argv: list[str] | None = None) -> int:
    """``mvvm-replay JOURNAL [--library PATH] [--settle SECONDS]``: 0 identical, 1 diverged,
    2 cannot replay."""
    parser = argparse.ArgumentParser(prog="mvvm-replay", description="Replays an mvvm journal against a library.")
    parser.add_argument("journal")
    parser.add_argument("--library", help="the application's library (default: the mvvm package's)")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds to wait for work from other threads")
    arguments = parser.parse_args(argv)
    try:
        result = replay(arguments.journal, arguments.library, settle=arguments.settle)
    except errors.MvvmError as error:
        print(error, file=sys.stderr)
        return 2
    print(result.report)
    return 0 if result.identical else 1


if __name__ == "__main__":
    sys.exit(main())

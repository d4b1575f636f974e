"""Shared fixtures. The library comes from MVVM_LIBRARY or the package's discovery
(the repository's .build/debug or .build/release)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import mvvm
import mvvm_seeds
from mvvm import _ffi


@pytest.fixture
def runtime() -> Iterator[mvvm.Runtime]:
    rt = mvvm.Runtime()
    try:
        yield rt
    finally:
        # What the test released: its objects' wrappers are gone with its frame.
        gc.collect()
        rt.shutdown()
        gc.collect()
        assert mvvm.live_callbacks() == 0
        assert not _ffi.STATE.pending
        # run-tests.sh turns the leak report on (MVVM_DEBUG_LEAKS=1): a test cleans up.
        assert mvvm.leak_report() == "", mvvm.leak_report()


@pytest.fixture
def repo(runtime: mvvm.Runtime) -> Iterator[mvvm_seeds.Repository]:
    # Closed here: pytest holds fixture values until every fixture is torn down, and the
    # runtime's shutdown would otherwise find it alive (the leak report).
    repository = mvvm_seeds.Repository.sample(runtime)
    yield repository
    repository.close()


def pump(runtime: mvvm.Runtime, predicate: object, timeout: float = 5.0) -> None:
    assert callable(predicate)
    assert runtime.run_until(predicate, timeout), "condition not reached in time"


@pytest.fixture(scope="session")
def strict_mypy() -> Callable[..., str]:
    """Runs ``mypy --strict`` in FOLDER over its arguments, seeing the mvvm package these tests
    import (a source tree's through MYPYPATH), and returns what it printed. Skips without mypy."""
    pytest.importorskip("mypy")
    package = Path(mvvm.__file__).resolve().parent

    def run(folder: Path, *arguments: str) -> str:
        env = dict(os.environ)
        if "site-packages" not in str(package):  # the package from a source tree: show it to mypy
            env["MYPYPATH"] = str(package.parent)
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(folder / "cache"),
             *arguments],
            capture_output=True, text=True, timeout=600, cwd=folder, env=env,
        )
        return done.stdout + done.stderr

    return run

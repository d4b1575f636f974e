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
        rt.shutdown()
        gc.collect()
        assert mvvm.live_callbacks() == 0
        assert not _ffi.STATE.pending


@pytest.fixture
def repo(runtime: mvvm.Runtime) -> mvvm_seeds.Repository:
    return mvvm_seeds.Repository.sample(runtime)


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

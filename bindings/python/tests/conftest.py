"""Shared fixtures. The library comes from MVVM_LIBRARY or the package's discovery
(the repository's .build/debug or .build/release)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

import mvvm
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
def repo(runtime: mvvm.Runtime) -> mvvm.Repository:
    return mvvm.Repository.sample(runtime)


def pump(runtime: mvvm.Runtime, predicate: object, timeout: float = 5.0) -> None:
    assert callable(predicate)
    assert runtime.run_until(predicate, timeout), "condition not reached in time"

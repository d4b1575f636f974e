"""Status -> exception mapping, with real failures from the library."""

from __future__ import annotations

import ctypes
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import mvvm
import mvvm_seeds
from mvvm import _ffi, errors

EXPECTED = {
    1: mvvm.InvalidArgumentError,
    2: mvvm.InvalidHandleError,
    3: mvvm.WrongTypeError,
    4: mvvm.WrongThreadError,
    5: mvvm.NotInitializedError,
    6: mvvm.OutOfRangeError,
    7: mvvm.InvalidUtf8Error,
    8: mvvm.UnknownNameError,
    9: mvvm.NotFoundError,
    10: mvvm.ReentrancyError,
    11: mvvm.StateError,
    12: mvvm.OSFailureError,
    13: mvvm.FfiError,
}


@pytest.mark.parametrize("status", sorted(EXPECTED))
def test_each_status_has_its_exception(status: int) -> None:
    exc = errors.from_status(status, "words", "mvvm_x")
    assert type(exc) is EXPECTED[status]
    assert isinstance(exc, mvvm.MvvmError)
    assert exc.status == status and exc.message == "words"
    assert "words" in str(exc)
    name = mvvm.status_name(status)
    assert name == "MVVM_E_" + mvvm.Status(status).name


def test_unknown_status_is_base_error() -> None:
    assert type(errors.from_status(99, "x")) is mvvm.MvvmError
    assert mvvm.status_name(99) == "MVVM_E_UNKNOWN"


def test_status_is_where_it_was() -> None:
    # Imported on first use (enum is not imported by `import mvvm`), in mvvm.errors as before.
    assert errors.Status is mvvm.Status and mvvm.Status.__module__ == "mvvm.errors"
    assert pickle.loads(pickle.dumps(mvvm.Status.NOT_FOUND)) is mvvm.Status.NOT_FOUND
    assert "Status" in dir(errors)
    names: dict[str, object] = {}
    exec("from mvvm.errors import *", names)
    assert names["Status"] is mvvm.Status and names["NotFoundError"] is mvvm.NotFoundError


def test_out_of_range_carries_library_message(repo: mvvm_seeds.Repository) -> None:
    ul = mvvm_seeds.UserList(repo)
    with pytest.raises(mvvm.OutOfRangeError) as info:
        ul.row(5)
    assert info.value.status == mvvm.Status.OUT_OF_RANGE
    assert "out of range" in info.value.message
    assert isinstance(info.value, IndexError)
    with pytest.raises(mvvm.OutOfRangeError):
        ul.did_select_row(0)


def test_unknown_signal(repo: mvvm_seeds.Repository) -> None:
    with pytest.raises(mvvm.UnknownNameError, match="nope"):
        mvvm_seeds.UserList(repo).connect("nope", print)


def test_invalid_handle_after_close(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    sw.close()
    sw.close()  # idempotent
    with pytest.raises(mvvm.InvalidHandleError):
        sw.button_tapped()


def test_wrong_type(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    with pytest.raises(mvvm.WrongTypeError, match="Stopwatch, not a Repository"):
        mvvm_seeds.UserList(sw)  # type: ignore[arg-type]


def test_not_found_on_unknown_connection(runtime: mvvm.Runtime) -> None:
    with pytest.raises(mvvm.NotFoundError):
        _ffi.lib().mvvm_signal_disconnect(987654321)


def test_invalid_utf8_from_lone_surrogate(repo: mvvm_seeds.Repository) -> None:
    d = mvvm_seeds.UserDetail(repo, 1)
    with pytest.raises(mvvm.InvalidUtf8Error):
        d.draft_name = "bad \udc80"
    # and the library's own check of raw bytes
    value = _ffi.Value()
    value.kind = mvvm.ValueKind.STRING
    value.string = b"\xff\xfe"
    with pytest.raises(mvvm.InvalidUtf8Error):
        _ffi.C.mvvm_object_set_by_name(d.handle, b"draft-name", ctypes.byref(value))


def test_invalid_argument(runtime: mvvm.Runtime) -> None:
    with pytest.raises(mvvm.InvalidArgumentError):
        mvvm_seeds.Repository.sample(runtime, page_size=0)
    with pytest.raises(TypeError):
        mvvm_seeds.Repository.sample(runtime, bogus=1)


def test_state_error_closing_a_coordinator_screen(repo: mvvm_seeds.Repository) -> None:
    co = mvvm_seeds.Coordinator(repo)
    co.start()
    screen = co.screen(0)
    assert not screen.owned
    with pytest.raises(mvvm.StateError):
        screen.close()


def test_os_failure_for_corrupt_json(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "data.json"
    path.write_text("{ not json")
    with pytest.raises(mvvm.OSFailureError) as info:
        mvvm_seeds.Repository.json_file(path, runtime)
    assert info.value.message
    assert path.read_text() == "{ not json"  # never overwritten


def test_json_file_created(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "new.json"
    repo = mvvm_seeds.Repository.json_file(path, runtime)
    ul = mvvm_seeds.UserList(repo)
    ul.on_appear()
    assert runtime.run_until(lambda: ul.count > 0)
    assert path.exists()
    json.loads(path.read_text())


def test_not_initialized_after_shutdown() -> None:
    rt = mvvm.Runtime()
    sw = mvvm_seeds.Stopwatch(rt)
    rt.shutdown()
    with pytest.raises(mvvm.NotInitializedError):
        mvvm.Runtime.current()
    with pytest.raises(mvvm.NotInitializedError):
        mvvm_seeds.Stopwatch()
    with pytest.raises((mvvm.NotInitializedError, mvvm.InvalidHandleError)):
        sw.button_tapped()
    with pytest.raises(mvvm.NotInitializedError):
        _ffi.C.mvvm_object_new(mvvm_seeds.ObjectType.STOPWATCH, None, 0, ctypes.byref(ctypes.c_void_p()))


def test_reentrancy_from_handler_is_reraised(runtime: mvvm.Runtime) -> None:
    si = mvvm_seeds.SortedIntegers([], runtime=runtime)
    si.connect("notify::count", lambda n: runtime.dispatch())
    with pytest.raises(mvvm.ReentrancyError):
        si.add(1)
    assert si.count == 1  # the command itself succeeded; the runtime stays usable
    runtime.dispatch()


def test_abi_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    _ffi.lib()
    monkeypatch.setattr(_ffi, "_lib", None)
    monkeypatch.setattr(_ffi, "ABI_VERSION", 999)
    with pytest.raises(mvvm.AbiMismatchError, match="999"):
        _ffi.lib()


def test_library_not_found() -> None:
    env = dict(os.environ, MVVM_LIBRARY="/nonexistent/libmvvm.so")
    code = "import mvvm\ntry:\n mvvm.version()\nexcept mvvm.LibraryNotFoundError as e:\n print('ok', e)\n"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         cwd=Path(__file__).parents[1], timeout=60)
    assert out.stdout.startswith("ok"), out.stderr
    assert "MVVM_LIBRARY" in out.stdout


def test_discovery_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside the package first, then MVVM_LIBRARY, then (in a source tree only) the walk up
    to the repository's .build."""
    monkeypatch.delenv("MVVM_LIBRARY", raising=False)
    pkg = tmp_path / "repo" / "bindings" / "python" / "mvvm"
    pkg.mkdir(parents=True)
    (pkg.parent / "pyproject.toml").write_text("")  # the source folder of the package
    so = tmp_path / "repo" / ".build" / "debug" / "libmvvm.so"
    so.parent.mkdir(parents=True)
    so.write_bytes(b"")
    monkeypatch.setattr(_ffi, "__file__", str(pkg / "_ffi.py"))
    assert _ffi._candidates() == [str(so)]
    monkeypatch.setenv("MVVM_LIBRARY", "/x/libmvvm.so")
    assert _ffi._candidates() == ["/x/libmvvm.so"]
    (pkg / "libmvvm.so").write_bytes(b"")
    assert _ffi._candidates() == [str(pkg / "libmvvm.so"), "/x/libmvvm.so"]
    monkeypatch.delenv("MVVM_LIBRARY")
    assert _ffi._candidates() == [str(pkg / "libmvvm.so"), str(so)]


def test_installed_package_never_walks_to_a_build_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MVVM_LIBRARY", raising=False)
    pkg = tmp_path / "venv" / "lib" / "python3" / "site-packages" / "mvvm"
    pkg.mkdir(parents=True)
    so = tmp_path / ".build" / "debug" / "libmvvm.so"
    so.parent.mkdir(parents=True)
    so.write_bytes(b"")
    monkeypatch.setattr(_ffi, "__file__", str(pkg / "_ffi.py"))
    assert _ffi._candidates() == []
    (pkg / "libmvvm.so").write_bytes(b"")
    assert _ffi._candidates() == [str(pkg / "libmvvm.so")]


def test_ints_c_cannot_hold_raise_overflow_error_instead_of_wrapping(runtime: mvvm.Runtime) -> None:
    # ctypes keeps the low bits of a larger int: 2**64 would reach C as 0 (row 0 removed).
    si = mvvm_seeds.SortedIntegers([1, 2], runtime=runtime)
    for bad in (2**63, -(2**63) - 1, 2**64 + 3):
        with pytest.raises(OverflowError, match=r"SortedIntegers.add\(\): value must be in"):
            si.add(bad)
    with pytest.raises(OverflowError, match="remove_at"):
        si.remove_at(2**64)
    assert list(si.values) == [1, 2]
    assert si.add(2**63 - 1) == 2 and si.add(-(2**63)) == 0
    with pytest.raises(OverflowError, match=r"SortedIntegers\(\): values must be in"):
        mvvm_seeds.SortedIntegers([2**64 + 1], runtime=runtime)
    with pytest.raises(OverflowError, match="page_size"):
        mvvm_seeds.Repository.sample(runtime, page_size=2**32 + 20)
    with pytest.raises(OverflowError, match="user_id"):
        mvvm_seeds.UserDetail(mvvm_seeds.Repository.sample(runtime), 2**64 + 1)


def test_strings_with_nul_raise_value_error_instead_of_being_cut(runtime: mvvm.Runtime) -> None:
    repo = mvvm_seeds.Repository.sample(runtime)
    detail = mvvm_seeds.UserDetail(repo, 1)
    for text in ("ab\0cd", "x" * 300 + "\0"):  # the inline buffer and the long path
        with pytest.raises(ValueError, match="draft_name contains a NUL"):
            detail.draft_name = text
    assert detail.draft_name == ""
    with pytest.raises(ValueError, match="NUL"):
        detail.connect("notify::draft-name\0x", print)

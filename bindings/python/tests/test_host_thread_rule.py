"""The thread rule as a Python host meets it: WrongThreadError names both threads by
``threading.get_native_id()``, NotInitializedError names the init, and a wrapper whose last
reference goes on another thread is destroyed on the host thread at its next dispatch."""

from __future__ import annotations

import ctypes
import gc
import threading

import mvvm
import mvvm_seeds
from mvvm import _core, _ffi


def _on_a_thread(call: object) -> BaseException | None:
    caught: list[BaseException] = []
    ids: list[int] = []

    def worker() -> None:
        ids.append(threading.get_native_id())
        try:
            assert callable(call)
            call()
        except BaseException as exc:
            caught.append(exc)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    _on_a_thread.last_id = ids[0]  # type: ignore[attr-defined]
    return caught[0] if caught else None


def test_wrong_thread_error_names_the_function_and_both_threads(runtime: mvvm.Runtime) -> None:
    error = _on_a_thread(runtime.fileno)
    assert isinstance(error, mvvm.WrongThreadError)
    text = str(error)
    assert "mvvm_get_fd()" in text
    assert f"thread {_on_a_thread.last_id}" in text  # type: ignore[attr-defined]
    assert f"thread {threading.main_thread().native_id}" in text
    assert "the process's main thread" in text


def test_init_on_another_thread_says_it_the_same_way(runtime: mvvm.Runtime) -> None:
    error = _on_a_thread(lambda: mvvm.Runtime(on_current_thread=True))
    assert isinstance(error, mvvm.WrongThreadError)
    text = str(error)
    assert "mvvm_init_with_options()" in text
    assert f"thread {_on_a_thread.last_id}" in text  # type: ignore[attr-defined]
    assert f"thread {threading.main_thread().native_id}" in text
    error = _on_a_thread(mvvm.Runtime)
    assert isinstance(error, mvvm.WrongThreadError)
    assert "mvvm_init()" in str(error)
    assert f"thread {threading.main_thread().native_id}" in str(error)


def test_after_shutdown_the_host_thread_is_told_to_init_again() -> None:
    rt = mvvm.Runtime()
    rt.shutdown()
    try:
        _ffi.C.mvvm_dispatch()
    except mvvm.NotInitializedError as error:
        assert "mvvm_dispatch()" in str(error)
        assert "call mvvm_init() first" in str(error)
    else:
        raise AssertionError("mvvm_dispatch() after shutdown did not raise")


def test_a_wrapper_dropped_on_another_thread_is_destroyed_at_the_next_dispatch(runtime: mvvm.Runtime) -> None:
    holder = [mvvm_seeds.SortedIntegers([3, 1], seed=1, runtime=runtime)]
    handle = holder[0].handle
    _ffi.C.mvvm_dispatch()  # nothing deferred yet

    def drop() -> None:
        holder.clear()
        gc.collect()

    assert _on_a_thread(drop) is None
    assert _core.deferred_destroys() == 1
    out = ctypes.c_int(0)
    _ffi.C.mvvm_object_get_type(handle, ctypes.byref(out))  # still alive: not destroyed off-thread
    runtime.dispatch()
    assert _core.deferred_destroys() == 0
    try:
        _ffi.C.mvvm_object_get_type(handle, ctypes.byref(out))
    except mvvm.InvalidHandleError:
        pass
    else:
        raise AssertionError("the dropped wrapper's object was not destroyed by dispatch()")

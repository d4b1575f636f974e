"""Callback lifetimes, exceptions in handlers, the thread rule."""

from __future__ import annotations

import gc
import threading
import time
import weakref

import pytest

import mvvm
import mvvm_seeds
from mvvm import _ffi


def test_callback_survives_dropped_references(runtime: mvvm.Runtime) -> None:
    si = mvvm_seeds.SortedIntegers(runtime=runtime)
    seen: list[int] = []

    def connect() -> None:
        # neither the Connection nor the lambda is referenced after this returns
        si.connect("notify::count", lambda n: seen.append(n))

    base = mvvm.live_callbacks()
    connect()
    gc.collect()
    assert mvvm.live_callbacks() == base + 1
    si.add(4)
    gc.collect()
    si.add(5)
    assert seen == [1, 2]


def test_disconnect_releases_callback(runtime: mvvm.Runtime) -> None:
    si = mvvm_seeds.SortedIntegers(runtime=runtime)
    seen: list[int] = []
    base = mvvm.live_callbacks()
    conn = si.connect("notify::count", seen.append)
    assert conn.connected and conn.id > 0 and conn in si.connections
    ref = weakref.ref(conn._cfunc)
    conn.disconnect()
    conn.disconnect()  # idempotent
    assert not conn.connected and mvvm.live_callbacks() == base
    assert conn not in si.connections
    si.add(1)
    assert seen == []
    gc.collect()
    del conn
    gc.collect()
    assert ref() is None  # the ctypes thunk is really freed
    with si.connect("notify::count", seen.append):
        si.add(2)
    si.add(3)
    assert seen == [2]


def test_closing_or_dropping_object_releases_callbacks(runtime: mvvm.Runtime) -> None:
    base = mvvm.live_callbacks()
    sw = mvvm_seeds.Stopwatch(runtime)
    conn = sw.connect("notify::is-running", print)
    sw.close()
    assert not conn.connected and mvvm.live_callbacks() == base
    sw2 = mvvm_seeds.Stopwatch(runtime)
    sw2.connect("notify::is-running", print)
    sw2.connect("notify::elapsed-text", print)
    assert mvvm.live_callbacks() == base + 2
    del sw2
    gc.collect()
    assert mvvm.live_callbacks() == base


def test_view_model_keeps_repository_alive(runtime: mvvm.Runtime) -> None:
    repo = mvvm_seeds.Repository.sample(runtime)
    ref = weakref.ref(repo)
    ul = mvvm_seeds.UserList(repo)
    del repo
    gc.collect()
    assert ref() is not None
    ul.on_appear()
    assert runtime.run_until(lambda: ul.count > 0)


def test_closing_repository_while_view_model_uses_it(runtime: mvvm.Runtime) -> None:
    with mvvm_seeds.Repository.sample(runtime) as repo:
        ul = mvvm_seeds.UserList(repo)
    ul.on_appear()
    assert runtime.run_until(lambda: ul.count > 0)


def test_handler_of_a_dropped_wrapper_is_not_called(runtime: mvvm.Runtime) -> None:
    # A wrapper gone while its C object lives on (not owned, as a coordinator screen, so
    # garbage collection does not destroy it): its handlers are not called any more.
    sw = mvvm_seeds.Stopwatch(runtime)
    seen: list[bool] = []
    conn = sw.connect("notify::is-running", seen.append)
    sw.button_tapped()
    assert seen == [True]
    handle = sw.handle
    sw._owned = False
    del sw
    gc.collect()
    _ffi.C.mvvm_object_invoke_by_name(handle, b"button-tapped", None, 0, None)
    assert seen == [True]
    assert conn.connected  # the library still holds it, until the object goes
    _ffi.lib().mvvm_object_destroy(handle)
    assert not conn.connected


def test_handler_disconnects_itself_and_collects(runtime: mvvm.Runtime) -> None:
    si = mvvm_seeds.SortedIntegers(runtime=runtime)
    calls: list[int] = []
    holder: list[mvvm.Connection] = []

    def handler(n: int) -> None:
        calls.append(n)
        holder.pop().disconnect()
        gc.collect()  # must not free the running thunk

    holder.append(si.connect("notify::count", handler))
    si.add(1)
    si.add(2)
    assert calls == [1]
    assert not _ffi.STATE.graveyard  # released after the outermost call returned


def test_handler_destroys_its_object(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    sw.connect("notify::is-running", lambda r: sw.close())
    sw.button_tapped()
    assert sw.closed
    with pytest.raises(mvvm.InvalidHandleError):
        sw.lap()


class Boom(Exception):
    pass


def test_exception_in_handler_is_reraised_from_command(runtime: mvvm.Runtime) -> None:
    si = mvvm_seeds.SortedIntegers(runtime=runtime)
    later: list[int] = []

    def bad(n: int) -> None:
        raise Boom(f"count {n}")

    si.connect("notify::count", bad)
    si.connect("rows-changed", lambda ch: later.append(len(ch)))
    with pytest.raises(Boom, match="count 1"):
        si.add(1)
    assert later == [1]  # other handlers still ran
    assert si.count == 1  # the runtime stays usable
    with pytest.raises(Boom, match="count 2"):
        si.add(2)


def test_exception_in_handler_is_reraised_from_run(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    conn = sw.connect("notify::elapsed-text", lambda t: 1 / 0)
    sw.button_tapped()
    with pytest.raises(ZeroDivisionError):
        for _ in range(100):
            runtime.run(0.1)
    conn.disconnect()
    sw.reset()
    runtime.run(0.05)


def test_wrong_thread(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    caught: list[BaseException] = []

    def worker() -> None:
        try:
            sw.button_tapped()
        except BaseException as exc:
            caught.append(exc)
        try:
            runtime.dispatch()
        except BaseException as exc:
            caught.append(exc)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert [type(e) for e in caught] == [mvvm.WrongThreadError, mvvm.WrongThreadError]
    assert not sw.is_running  # nothing changed


def test_wakeup_from_another_thread_ends_run(runtime: mvvm.Runtime) -> None:
    t = threading.Timer(0.1, mvvm.Runtime.wakeup)
    t.start()
    start = time.monotonic()
    assert runtime.run(10.0) is False  # ended by the wake-up, which runs no work
    assert time.monotonic() - start < 5.0
    t.join()


def test_shutdown_releases_every_callback() -> None:
    base = mvvm.live_callbacks()
    rt = mvvm.Runtime()
    repo = mvvm_seeds.Repository.sample(rt)
    co = mvvm_seeds.Coordinator(repo)
    co.connect("navigate", lambda a, s: None)
    co.start()
    co.screen(0).connect("notify::loading", print)
    assert mvvm.live_callbacks() == base + 2
    rt.shutdown()
    assert mvvm.live_callbacks() == base
    with pytest.raises((mvvm.InvalidHandleError, mvvm.NotInitializedError)):
        co.start()
    with mvvm.Runtime():
        with pytest.raises(mvvm.InvalidHandleError):  # handles from before stay invalid
            co.start()


def test_coordinator_screens_are_not_destroyed_by_gc(runtime: mvvm.Runtime) -> None:
    repo = mvvm_seeds.Repository.sample(runtime)
    co = mvvm_seeds.Coordinator(repo)
    co.start()
    root = co.screen(0)
    del root
    gc.collect()
    assert co.depth == 1
    ul = co.screen(0)
    assert isinstance(ul, mvvm_seeds.UserList)
    ul.on_appear()
    assert runtime.run_until(lambda: ul.count > 0)


def test_many_connections_under_gc(runtime: mvvm.Runtime) -> None:
    si = mvvm_seeds.SortedIntegers(runtime=runtime)
    total: list[int] = []
    conns = [si.connect("notify::count", lambda n, i=i: total.append(i)) for i in range(200)]
    for c in conns[::2]:
        c.disconnect()
    del conns
    gc.collect()
    si.add(1)
    assert sorted(total) == list(range(1, 200, 2))


def test_runtime_and_shutdown_refused_off_the_main_thread(runtime: mvvm.Runtime) -> None:
    caught: list[BaseException] = []

    def worker() -> None:
        for call in (mvvm.Runtime, runtime.shutdown, runtime.fileno, lambda: runtime.run(0)):
            try:
                call()
            except BaseException as exc:
                caught.append(exc)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert [type(e) for e in caught] == [mvvm.WrongThreadError] * 4
    assert runtime.alive
    mvvm_seeds.Stopwatch(runtime).button_tapped()  # still usable on the host thread

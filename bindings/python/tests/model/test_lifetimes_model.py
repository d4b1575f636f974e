"""Object lifetimes: objects of every ViewModel type (and coordinator screens) created,
connected, poked, disconnected, closed, dropped and garbage-collected in random orders, with
handlers that record, raise, disconnect themselves or close their own object, and raw C
connections whose destroy notifier counts its calls.

The model knows which connections have ended (disconnected, their handler disconnected
itself, their object closed, popped or collected) and checks after every step: each
Python connection's "connected", live_callbacks(), each raw connection's destroy notifier
ran exactly once if ended and never otherwise; a closed object refuses calls with
InvalidHandleError, a coordinator screen refuses close() with StateError, a handler's
exception comes out of the call that ran it. No other exception is allowed, and nothing may
crash. After shutdown every notifier has run exactly once."""

from __future__ import annotations

import ctypes
import gc
import itertools
import weakref
from collections.abc import Callable
from ctypes import byref, c_uint64, c_void_p
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import mvvm
import mvvm_seeds
from mvvm import _ffi

from model_support import ci_examples

KINDS = ["SortedIntegers", "Stopwatch", "UserList", "UserDetail", "PostDetail", "UserSearch", "Coordinator"]
#: What each kind's poke makes it signal at once (connections mostly go there, so handlers run).
POKED = {
    "SortedIntegers": ["notify::count", "rows-changed"],
    "Stopwatch": ["notify::is-running", "notify::button-text"],
    "UserList": ["notify::loading"],
    "UserDetail": ["notify::draft-name"],
    "PostDetail": ["notify::state"],
    "UserSearch": ["notify::query"],
    "Coordinator": ["navigate"],
}
#: Every signal of each kind (from its class, built from the library's introspection).
SIGNALS: dict[str, list[str]] = {}
MODES = ["record", "raise", "disconnect-self", "close-own-object", "raw"]
_RAW_HANDLER = ctypes.CFUNCTYPE(None)  # ignores the signal's arguments, as C may (lifecycle_soak.c)


class Boom(Exception):
    pass


@dataclass(eq=False)
class Obj:
    kind: str
    wrapper: mvvm.MvvmObject | None
    ref: weakref.ref[Any]
    screen_of: Obj | None = None  # the coordinator, for a screen
    screen_index: int = 0
    closed: bool = False  # the C object is gone
    pokes: int = 0
    screens: list[Obj] = field(default_factory=list)
    depth: int = 0  # a coordinator's stack


@dataclass(eq=False)
class Conn:
    obj: Obj
    mode: str
    signal: str
    connection: mvvm.Connection | None = None  # the Python connection
    raw_id: int = 0
    ended: bool = False


class LifetimesMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.runtime = mvvm.Runtime()
        self.repo = mvvm_seeds.Repository.sample(self.runtime, user_count=30, post_count=3, latency_ms=0)
        self.objects: list[Obj] = []
        self.conns: list[Conn] = []
        self.fired: list[Conn] = []
        self.notified: dict[int, int] = {}  # raw connection key -> destroy notifier calls
        self.keys = itertools.count(1)
        self.raw_handler = _RAW_HANDLER(lambda: None)
        self.raw_notify = _ffi.DestroyNotify(self.on_raw_destroy)
        self.raw_keys: dict[int, int] = {}  # id(Conn) -> key

    def on_raw_destroy(self, user_data: int | None) -> None:
        key = int(user_data or 0)
        self.notified[key] = self.notified.get(key, 0) + 1

    # Helpers.

    def make(self, kind: str) -> mvvm.MvvmObject:
        if kind == "SortedIntegers":
            return mvvm_seeds.SortedIntegers([3, 1], seed=1, runtime=self.runtime)
        if kind == "Stopwatch":
            return mvvm_seeds.Stopwatch(self.runtime)
        if kind == "UserList":
            return mvvm_seeds.UserList(self.repo)
        if kind == "UserDetail":
            return mvvm_seeds.UserDetail(self.repo, 1)
        if kind == "PostDetail":
            return mvvm_seeds.PostDetail(self.repo, 1)
        if kind == "UserSearch":
            return mvvm_seeds.UserSearch(self.repo)
        return mvvm_seeds.Coordinator(self.repo)

    def poke_call(self, obj: Obj, wrapper: Any) -> None:
        """A command that makes the object signal something at once."""
        obj.pokes += 1
        kind = obj.kind
        if kind == "SortedIntegers":
            wrapper.add(obj.pokes)
        elif kind == "Stopwatch":
            wrapper.button_tapped()
        elif kind == "UserList":
            wrapper.refresh()
        elif kind == "UserDetail":
            wrapper.draft_name = f"Name {obj.pokes}"
        elif kind == "PostDetail":
            wrapper.on_appear()
        elif kind == "UserSearch":
            wrapper.query = f"a{obj.pokes}"
        elif obj.pokes % 3 == 1:  # the coordinator: push the list, push the search, pop it
            wrapper.start()
            obj.depth = max(obj.depth, 1)
        elif obj.pokes % 3 == 2:
            wrapper.show_search()
            if obj.depth == 1:
                obj.depth = 2
        else:
            wrapper.back()
            if obj.depth == 2:
                obj.depth = 1
                for screen in obj.screens:
                    if screen.screen_index == 1:
                        self.end_object(screen)

    def end_object(self, obj: Obj) -> None:
        obj.closed = True
        for conn in self.conns:
            if conn.obj is obj:
                conn.ended = True
        for screen in obj.screens:
            self.end_object(screen)

    def run(self, call: Callable[[], object], target: Obj | None = None) -> None:
        """Runs a library call and updates the model from the handlers it ran."""
        self.fired.clear()
        raised: BaseException | None = None
        try:
            call()
        except Boom as exc:
            raised = exc
        except mvvm.InvalidHandleError as exc:
            # Only when a handler closed the object this call was working on.
            assert target is not None and any(c.mode == "close-own-object" and c.obj is target for c in self.fired), exc
        fired = list(self.fired)
        assert (raised is not None) is any(c.mode == "raise" for c in fired), "a handler's exception got lost"
        for conn in fired:
            assert not conn.ended, f"a handler of an ended connection ran: {conn.mode} on {conn.obj.kind}"
        for conn in fired:
            if conn.mode == "disconnect-self":
                conn.ended = True
            elif conn.mode == "close-own-object" and conn.obj.screen_of is None:
                self.end_object(conn.obj)
        if fired:
            event("handlers ran: " + ", ".join(sorted({c.mode for c in fired})))

    def handler(self, conn: Conn, wrapper: mvvm.MvvmObject) -> Callable[..., None]:
        fired = self.fired
        if conn.mode == "close-own-object":

            def close(*args: object) -> None:
                fired.append(conn)
                if conn.obj.screen_of is None:
                    wrapper.close()
                else:  # the coordinator owns its screens
                    with pytest.raises(mvvm.StateError):
                        wrapper.close()

            return close

        def handle(*args: object) -> None:
            fired.append(conn)
            if conn.mode == "raise":
                raise Boom(conn.signal)
            if conn.mode == "disconnect-self":
                assert conn.connection is not None
                conn.connection.disconnect()

        return handle

    def attach(self, obj: Obj, wrapper: mvvm.MvvmObject, mode: str, signal: str) -> None:
        """Connects a handler of ``mode`` to ``signal`` of the live ``obj``."""
        conn = Conn(obj, mode, signal)
        if mode == "raw":
            key = next(self.keys)
            out = c_uint64(0)
            _ffi.C.mvvm_signal_connect(
                wrapper.handle, signal.encode(), ctypes.cast(self.raw_handler, c_void_p), c_void_p(key), self.raw_notify, byref(out)
            )
            conn.raw_id = int(out.value)
            self.raw_keys[id(conn)] = key
            self.notified[key] = 0
        else:
            conn.connection = wrapper.connect(signal, self.handler(conn, wrapper))
        self.conns.append(conn)

    # Rules.

    @rule(kind=st.sampled_from(KINDS))
    def create(self, kind: str) -> None:
        wrapper = self.make(kind)
        self.objects.append(Obj(kind, wrapper, weakref.ref(wrapper)))

    # Draws pick among every object or connection ever made (one record per rule that makes
    # one, even when it was refused), never among the ones the model thinks alive, and every
    # draw comes before any branch on the model's state: which handlers a dispatch runs
    # depends on timing (stopwatch ticks, search debounces, loads on other threads), and
    # Hypothesis must see the same draws when it replays a program.

    @precondition(lambda self: any(o.kind == "Coordinator" and o.screen_of is None for o in self.objects))
    @rule(data=st.data(), index=st.integers(0, 1))
    def take_a_screen(self, data: st.DataObject, index: int) -> None:
        coordinators = [o for o in self.objects if o.kind == "Coordinator" and o.screen_of is None]
        co = data.draw(st.sampled_from(coordinators), label="coordinator")
        kind = ("UserList", "UserSearch")[index]  # the root list; the search over it
        # One record per call, a placeholder (no wrapper) when there is no new screen to take:
        # the objects drawn from later must not depend on the model's state.
        placeholder = Obj(kind, None, weakref.ref(co.wrapper or self.repo), screen_of=co, screen_index=index, closed=True)
        self.objects.append(placeholder)
        if co.closed or co.wrapper is None or index >= co.depth:
            return
        assert isinstance(co.wrapper, mvvm_seeds.Coordinator) and co.wrapper.depth == co.depth
        screen = co.wrapper.screen(index)
        assert type(screen).__name__ == kind
        for known in co.screens:
            if known.screen_index == index and not known.closed:
                assert known.wrapper is screen  # one wrapper per screen
                return
        placeholder.wrapper, placeholder.ref, placeholder.closed = screen, weakref.ref(screen), False
        co.screens.append(placeholder)
        with pytest.raises(mvvm.StateError):  # the coordinator owns it
            screen.close()

    @precondition(lambda self: bool(self.objects))
    @rule(data=st.data(), mode=st.sampled_from(MODES))
    def connect(self, data: st.DataObject, mode: str) -> None:
        obj = data.draw(st.sampled_from(self.objects), label="object")
        if obj.kind not in SIGNALS:
            cls: type[mvvm.MvvmObject] = getattr(mvvm, obj.kind)
            SIGNALS[obj.kind] = sorted(cls.signals)
        every = SIGNALS[obj.kind]
        signal = data.draw(st.one_of(st.sampled_from(POKED[obj.kind]), st.sampled_from(every)), label="signal")
        poke = data.draw(st.booleans(), label="poke at once")
        wrapper = obj.wrapper
        if wrapper is None or obj.closed:
            if wrapper is not None:
                with pytest.raises(mvvm.InvalidHandleError):
                    wrapper.connect(signal, print)
            self.conns.append(Conn(obj, "refused", signal, ended=True))
            return
        self.attach(obj, wrapper, mode, signal)
        if poke:
            self.run(lambda: self.poke_call(obj, wrapper), obj)

    @precondition(lambda self: bool(self.objects))
    @rule(data=st.data(), modes=st.permutations(MODES))
    def connect_every_mode_and_poke(self, data: st.DataObject, modes: list[str]) -> None:
        # Handlers of every kind on the signal a poke sends, in any order: the ones after a
        # handler that disconnects itself, raises or closes the object still run or end cleanly.
        obj = data.draw(st.sampled_from(self.objects), label="object")
        signal = data.draw(st.sampled_from(POKED[obj.kind]), label="signal")
        wrapper = obj.wrapper
        if wrapper is None or obj.closed:
            self.conns.extend(Conn(obj, "refused", signal, ended=True) for _ in modes)
            return
        for mode in modes:
            self.attach(obj, wrapper, mode, signal)
        self.run(lambda: self.poke_call(obj, wrapper), obj)

    @precondition(lambda self: bool(self.conns))
    @rule(data=st.data())
    def disconnect(self, data: st.DataObject) -> None:
        conn = data.draw(st.sampled_from(self.conns), label="connection")
        if conn.mode == "refused":  # a connect refused on a closed object (see connect)
            return
        if conn.connection is not None:
            conn.connection.disconnect()
            conn.connection.disconnect()  # idempotent
        else:
            if not conn.ended:
                _ffi.C.mvvm_signal_disconnect(conn.raw_id)
            with pytest.raises(mvvm.NotFoundError):
                _ffi.C.mvvm_signal_disconnect(conn.raw_id)
        conn.ended = True

    @precondition(lambda self: bool(self.objects))
    @rule(data=st.data())
    def poke(self, data: st.DataObject) -> None:
        obj = data.draw(st.sampled_from(self.objects), label="object")
        wrapper = obj.wrapper
        if wrapper is None:
            return
        if obj.closed:  # a closed object refuses every call; closing again does nothing
            with pytest.raises(mvvm.InvalidHandleError):
                self.poke_call(obj, wrapper)
            if obj.screen_of is None:
                wrapper.close()
            return
        self.run(lambda: self.poke_call(obj, wrapper), obj)

    @precondition(lambda self: any(o.screen_of is None for o in self.objects))
    @rule(data=st.data())
    def close(self, data: st.DataObject) -> None:
        obj = data.draw(st.sampled_from([o for o in self.objects if o.screen_of is None]), label="object")
        if obj.wrapper is None:
            return
        obj.wrapper.close()
        self.end_object(obj)

    @precondition(lambda self: any(o.screen_of is None for o in self.objects))
    @rule(data=st.data())
    def drop_and_collect(self, data: st.DataObject) -> None:
        obj = data.draw(st.sampled_from([o for o in self.objects if o.screen_of is None]), label="object")
        if obj.wrapper is None or obj.closed:
            obj.wrapper = None
            return
        # What else holds the wrapper: the handlers that close their object (the library holds
        # them, and they hold it), also a screen's (a screen holds its coordinator).
        held = any(
            not c.ended and c.mode == "close-own-object" and (c.obj is obj or c.obj.screen_of is obj) for c in self.conns
        )
        obj.wrapper = None
        for screen in obj.screens:
            screen.wrapper = None
        gc.collect()
        if held:
            event("a dropped wrapper stays alive")
            return
        assert obj.ref() is None, "nothing else holds the wrapper"
        self.end_object(obj)

    @rule()
    def dispatch(self) -> None:
        self.run(lambda: self.runtime.run(0))

    @rule()
    def collect_garbage(self) -> None:
        gc.collect()

    # Invariants.

    @invariant()
    def connections_match_the_model(self) -> None:
        python = [c for c in self.conns if c.connection is not None]
        for conn in python:
            assert conn.connection is not None
            assert conn.connection.connected is (not conn.ended), f"{conn.mode} on {conn.obj.kind}"
        assert mvvm.live_callbacks() == sum(1 for c in python if not c.ended)
        for conn in self.conns:
            if conn.mode == "raw":
                calls = self.notified[self.raw_keys[id(conn)]]
                assert calls == (1 if conn.ended else 0), f"raw destroy notifier ran {calls} times"
        for obj in self.objects:
            if obj.wrapper is not None:
                assert obj.wrapper.closed is obj.closed

    def teardown(self) -> None:
        self.fired.clear()
        try:
            self.runtime.shutdown()
        except Boom:
            pass
        gc.collect()
        assert mvvm.live_callbacks() == 0
        assert all(calls == 1 for calls in self.notified.values()), "every destroy notifier runs exactly once"
        assert not _ffi.STATE.pending


TestLifetimes = LifetimesMachine.TestCase
TestLifetimes.settings = ci_examples(120)

"""Every class, property, command and signal."""

from __future__ import annotations

from typing import Any

import pytest

import mvvm
import mvvm_seeds
from mvvm import ListChange, ListChangeKind, ViewState
from mvvm_seeds import Loading, Navigation


def test_versions() -> None:
    assert mvvm.version_string() == "0.1.0"
    assert mvvm.version() == 100
    assert mvvm.abi_version() == mvvm.ABI_VERSION == 2
    assert mvvm.last_error_message() == "" or isinstance(mvvm.last_error_message(), str)


def test_runtime_context_manager_and_fd() -> None:
    with mvvm.Runtime() as rt:
        assert mvvm.Runtime.current() is rt
        fd = rt.fileno()
        assert fd >= 0 and rt.fileno() == fd
        rt.dispatch()
        assert rt.run(0) in (True, False)
        rt.wakeup()  # ends the wait at once, but a bare wake-up runs no work (mvvm_run)
        assert rt.run(60.0) is False
    assert not rt.alive
    rt.shutdown()  # idempotent


def test_user_list(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    ul = mvvm_seeds.UserList(repo)
    events: list[tuple[str, Any]] = []
    for sig in ul.signals:
        ul.connect(sig, lambda *a, s=sig: events.append((s, a[0])))
    assert ul.loading is Loading.NONE and ul.count == 0 and ul.error_message is None
    ul.on_appear()
    assert Loading(ul.loading) is Loading.FULL_SCREEN
    assert ("notify::loading", Loading.FULL_SCREEN) in events
    assert runtime.run_until(lambda: ul.count == 20)
    assert ("rows-changed", [ListChange(ListChangeKind.RESET, 0, 20)]) in events
    assert ("notify::count", 20) in events
    rows = ul.rows
    assert len(rows) == 20
    first = rows[0]
    assert isinstance(first, mvvm_seeds.User) and first.id == 1 and first.name and "@" in first.email
    assert rows[-1].id == 20 and [u.id for u in rows[:3]] == [1, 2, 3]
    assert [u.id for u in rows][5] == 6
    with pytest.raises(IndexError):
        rows[20]
    with pytest.raises(AttributeError):
        setattr(first, "name", "x")
    assert ul.has_more_pages
    events.clear()
    ul.did_display_row(19)
    assert Loading(ul.loading) is Loading.NEXT_PAGE
    assert runtime.run_until(lambda: ul.count == 40)
    assert ("rows-changed", [ListChange(ListChangeKind.INSERT, 20, 20)]) in events
    ul.did_select_row(3)
    assert ("user-selected", 4) in events
    ul.refresh()
    assert runtime.run_until(lambda: ul.loading is Loading.NONE)
    ul.dismiss_error()
    assert ul.get_type() is mvvm_seeds.ObjectType.USER_LIST


def test_user_list_error_message(runtime: mvvm.Runtime) -> None:
    repo = mvvm_seeds.Repository.sample(runtime, fail_every_nth=1)
    ul = mvvm_seeds.UserList(repo)
    got: list[str | None] = []
    ul.connect("notify::error-message", got.append)
    ul.on_appear()
    assert runtime.run_until(lambda: ul.error_message is not None)
    assert got and isinstance(got[-1], str)
    ul.dismiss_error()
    assert ul.error_message is None and got[-1] is None


def test_user_detail(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    d = mvvm_seeds.UserDetail(repo, 2)
    events: list[tuple[str, Any]] = []
    for sig in d.signals:
        d.connect(sig, lambda *a, s=sig: events.append((s, a[0])))
    assert d.user is None
    d.on_appear()
    assert runtime.run_until(lambda: d.user is not None)
    user = d.user
    assert user is not None and user.id == 2
    assert ("notify::user", user) in events
    assert d.draft_name == user.name and not d.can_save and not d.is_dirty
    d.draft_name = ""
    assert d.validation_message and ("notify::validation-message", d.validation_message) in events
    assert not d.can_save
    d.draft_name = "Ada Renamed"
    assert d.can_save and d.is_dirty and d.validation_message is None
    assert ("notify::can-save", True) in events and ("notify::draft-name", "Ada Renamed") in events
    d.save()
    assert runtime.run_until(lambda: any(e[0] == "did-save" for e in events))
    saved = [e[1] for e in events if e[0] == "did-save"][0]
    assert saved == mvvm_seeds.User(2, "Ada Renamed", user.email)
    assert not d.is_saving and not d.is_dirty and d.error_message is None
    assert ("notify::is-saving", True) in events


def test_post_detail(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    p = mvvm_seeds.PostDetail(repo, 1)
    states: list[ViewState] = []
    liked: list[bool] = []
    counts: list[int] = []
    p.connect("notify::state", states.append)
    p.connect("notify::is-liked", liked.append)
    p.connect("notify::likes-count", counts.append)
    p.connect("notify::error-message", lambda m: None)
    assert p.state is ViewState.IDLE and p.post is None
    p.on_appear()
    assert runtime.run_until(lambda: p.state is ViewState.LOADED)
    assert states[-1] is ViewState.LOADED
    post = p.post
    assert post is not None and post.id == 1 and post.title and post.created_at > 0
    assert p.comment_count == post.comments_count == len(p.comments)
    assert p.comments[0].body and p.comments[-1].id
    before = p.likes_count
    was = p.is_liked
    p.toggle_like()
    assert p.is_liked is (not was) and liked[-1] is (not was)
    assert p.likes_count == before + (1 if not was else -1) and counts[-1] == p.likes_count
    runtime.run(0.05)
    assert p.error_message is None


def test_sorted_integers(runtime: mvvm.Runtime) -> None:
    si = mvvm_seeds.SortedIntegers([5, 1, 3], seed=7, runtime=runtime)
    changes: list[list[ListChange]] = []
    counts: list[int] = []
    si.connect("rows-changed", changes.append)
    si.connect("notify::count", counts.append)
    assert list(si.values) == [1, 3, 5]
    assert si.add(3) == 2
    assert changes[-1] == [ListChange(ListChangeKind.INSERT, 2, 1)] and counts[-1] == 4
    si.remove_at(0)
    assert changes[-1] == [ListChange(ListChangeKind.REMOVE, 0, 1)]
    si.add_new_integer()
    assert si.count == 4 and all(0 <= v <= 9 for v in si.values)
    assert list(si.values) == sorted(si.values)
    with pytest.raises(mvvm.OutOfRangeError):
        si.remove_at(100)
    assert mvvm_seeds.SortedIntegers(runtime=runtime).count == 0


def test_stopwatch(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    texts: list[str] = []
    running: list[bool] = []
    laps: list[list[ListChange]] = []
    buttons: list[str] = []
    lap_enabled: list[bool] = []
    lap_counts: list[int] = []
    sw.connect("notify::elapsed-text", texts.append)
    sw.connect("notify::is-running", running.append)
    sw.connect("laps-changed", laps.append)
    sw.connect("notify::button-text", buttons.append)
    sw.connect("notify::is-lap-enabled", lap_enabled.append)
    sw.connect("notify::lap-count", lap_counts.append)
    assert sw.elapsed_text == "00:00.00" and sw.button_text == "Start" and not sw.is_running
    sw.button_tapped()
    assert sw.is_running and running == [True] and buttons == ["Stop"] and sw.is_lap_enabled
    assert runtime.run_until(lambda: len(texts) >= 3)
    sw.lap()
    assert sw.lap_count == 1 and laps[-1][0].kind is ListChangeKind.INSERT and lap_counts[-1] == 1
    assert sw.laps[0].count(":") == 1
    sw.button_tapped()
    assert not sw.is_running and sw.button_text == "Start"
    sw.reset()
    assert sw.elapsed_text == "00:00.00" and sw.lap_count == 0


def test_coordinator_flow(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    co = mvvm_seeds.Coordinator(repo)
    nav: list[tuple[Navigation, mvvm.MvvmObject]] = []
    co.connect("navigate", lambda action, screen: nav.append((action, screen)))
    co.start()
    assert co.depth == 1
    action, root = nav[-1]
    assert action is Navigation.PUSH and isinstance(root, mvvm_seeds.UserList)
    assert co.screen(0) is root and co.top is root and co.screens == [root]
    assert root.runtime is runtime
    root.on_appear()
    assert runtime.run_until(lambda: root.count > 0)
    root.did_select_row(0)
    action, detail = nav[-1]
    assert action is Navigation.PUSH and isinstance(detail, mvvm_seeds.UserDetail) and co.depth == 2
    detail.on_appear()
    assert runtime.run_until(lambda: detail.user is not None)
    detail.draft_name = "Renamed Person"
    detail.save()
    assert runtime.run_until(lambda: co.depth == 1)
    action, popped = nav[-1]
    assert action is Navigation.POP and popped is detail and detail.closed
    assert root.rows[0].name == "Renamed Person"
    root.did_select_row(1)
    assert co.depth == 2
    co.back()
    assert co.depth == 1 and nav[-1][0] is Navigation.POP
    co.back()
    assert co.depth == 1
    with pytest.raises(mvvm.OutOfRangeError):
        co.screen(5)
    co.close()  # its handler holds its screens: closed, not left to the runtime's shutdown


def test_describe_every_type() -> None:
    for t in mvvm_seeds.ObjectType:
        info = mvvm.describe(t)
        assert int(info.type) == t and info.name
        for m in info.members:
            if m.kind is not mvvm.MemberKind.SIGNAL:
                assert m.function and m.function.startswith("mvvm_")


def test_command_closure(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    running: list[bool] = []
    sw.connect("notify::is-running", running.append)
    with sw.command_closure("button-tapped") as tap:
        assert tap.address and tap.id
        tap()
        assert sw.is_running and running == [True]
        tap()
        assert not sw.is_running
    with pytest.raises(mvvm.NotFoundError):
        tap()
    with pytest.raises(mvvm.UnknownNameError):
        sw.command_closure("no-such-command")
    closure = sw.command_closure("lap")
    closure.free()
    closure.free()


def test_command_closure_reraises_handler_exception(runtime: mvvm.Runtime) -> None:
    sw = mvvm_seeds.Stopwatch(runtime)
    sw.connect("notify::is-running", lambda r: 1 / 0)
    tap = sw.command_closure("button-tapped")
    with pytest.raises(ZeroDivisionError):
        tap()
    tap.free()

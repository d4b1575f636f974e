"""Async iterators over signals (obj.values / obj.changes / obj.events) and obj.wait_for.

Deterministic: every change here is made by a synchronous command or setter (the library
delivers its signals at the end of that call, mvvm.h "SIGNALS"), and the tests drive the loop
with ``asyncio.sleep(0)`` only; the one test over the library's background work (the sample
repository's load) waits on the runtime's descriptor, bounded by a generous guard."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import pytest

import mvvm
import mvvm_seeds
from mvvm import ListChange, ListChangeKind

T = TypeVar("T")


def run(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    return asyncio.run(main())


async def turns(n: int = 3) -> None:
    """Lets the other tasks run: asyncio scheduling, no time."""
    for _ in range(n):
        await asyncio.sleep(0)


def apply(mirror: list[int], changes: list[ListChange], rows: list[int]) -> None:
    """Replays one change set on ``mirror``, inserted and updated rows read from ``rows``."""
    for c in changes:
        if c.kind == ListChangeKind.RESET:
            mirror[:] = rows[:c.count]
        elif c.kind == ListChangeKind.INSERT:
            mirror[c.start:c.start] = rows[c.start:c.start + c.count]
        elif c.kind == ListChangeKind.REMOVE:
            del mirror[c.start:c.start + c.count]
        elif c.kind == ListChangeKind.UPDATE:
            mirror[c.start:c.start + c.count] = rows[c.start:c.start + c.count]
        elif c.kind == ListChangeKind.MOVE:
            mirror.insert(c.count, mirror.pop(c.start))


def test_values_start_with_the_current_value_then_keep_the_latest(repo: mvvm_seeds.Repository) -> None:
    async def main() -> None:
        search = mvvm_seeds.UserSearch(repo)
        search.query = "a"
        values = search.values("query")
        assert values.pending == 1
        assert await values.__anext__() == "a"  # the current value first
        # Three changes before the consumer looks: it gets the newest one, not a queue.
        search.query = "ab"
        search.query = "abc"
        search.query = "abcd"
        assert values.pending == 1
        assert await values.__anext__() == "abcd"
        assert values.pending == 0
        # The Python name works as well as the library's.
        detail = mvvm_seeds.UserDetail(repo, 1)
        names = detail.values("draft_name")
        assert names.signal == "notify::draft-name"
        detail.draft_name = "Ada"
        assert await names.__anext__() == "Ada"
        await values.aclose()
        await names.aclose()
        search.close()
        detail.close()

    run(main)


def test_changes_deliver_every_change_set_in_order(runtime: mvvm.Runtime) -> None:
    async def main() -> None:
        ints = mvvm_seeds.SortedIntegers([50, 10, 30], seed=1)
        mirror = list(ints.values)
        changes = ints.changes("values")
        added = (20, 60, 5, 40)
        for v in added:
            ints.add(v)
        ints.remove_at(0)
        assert changes.pending == 5  # every set kept, none merged or dropped
        sets = [await changes.__anext__() for _ in range(5)]
        assert changes.pending == 0
        # Replayed in order, each insert with the value that was added, they rebuild the list.
        for s, v in zip(sets, added + (0,)):
            apply(mirror, s, [v] * (len(mirror) + 1))
        assert mirror == list(ints.values) == [10, 20, 30, 40, 50, 60]
        await changes.aclose()
        ints.close()

    run(main)


def test_a_list_view_gives_its_changes(repo: mvvm_seeds.Repository) -> None:
    async def main() -> None:
        users = mvvm_seeds.UserList(repo)
        rows = users.rows.changes()
        assert rows.signal == "rows-changed"
        ints = mvvm_seeds.SortedIntegers([], seed=1)
        via_view = ints.values.changes()  # the list member named "values" keeps its name
        ints.add(1)
        assert await via_view.__anext__() == [ListChange(ListChangeKind.INSERT, 0, 1)]
        assert mvvm.values(ints, "count").pending == 1  # the module function, for such a class
        for s in (rows, via_view):
            s.close()
        users.close()
        ints.close()

    run(main)


def test_events_deliver_every_emission(repo: mvvm_seeds.Repository) -> None:
    async def main() -> None:
        co = mvvm_seeds.Coordinator(repo)
        navigations = co.events("navigate")
        co.start()
        co.show_search()
        co.back()
        got = [await navigations.__anext__() for _ in range(3)]
        assert [kind for kind, _screen in got] == [
            mvvm_seeds.Navigation.PUSH, mvvm_seeds.Navigation.PUSH, mvvm_seeds.Navigation.POP]
        assert type(got[1][1]).__name__ == "UserSearch"
        await navigations.aclose()
        co.close()

    run(main)


def test_cancelling_the_iterating_task_closes_the_iterator(repo: mvvm_seeds.Repository) -> None:
    async def main() -> None:
        search = mvvm_seeds.UserSearch(repo)
        before = mvvm.live_callbacks()
        seen: list[str] = []
        stream = search.values("query")

        async def consume() -> None:
            async for q in stream:
                seen.append(q)

        task = asyncio.create_task(consume())
        await turns()
        search.query = "ada"
        await turns()
        assert seen == ["", "ada"]
        assert mvvm.live_callbacks() == before + 1
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # Closed at once: disconnected, nothing buffered any more, the next value ends.
        assert stream.closed
        assert mvvm.live_callbacks() == before
        search.query = "grace"
        assert stream.pending == 0
        with pytest.raises(StopAsyncIteration):
            await stream.__anext__()
        search.close()

    run(main)


def test_the_object_destroyed_mid_iteration_ends_it(repo: mvvm_seeds.Repository) -> None:
    async def main() -> None:
        ints = mvvm_seeds.SortedIntegers([3], seed=1)
        counts: list[int] = []
        sets: list[list[ListChange]] = []

        async def count() -> str:
            async for n in mvvm.values(ints, "count"):
                counts.append(n)
            return "count ended"

        async def rows() -> str:
            async for s in ints.changes("values"):
                sets.append(s)
            return "rows ended"

        tasks = [asyncio.create_task(count()), asyncio.create_task(rows())]
        await turns()
        ints.add(4)
        ints.add(5)
        ints.close()  # the buffered change sets are still delivered, then the iteration ends
        assert await asyncio.gather(*tasks) == ["count ended", "rows ended"]
        assert counts == [1, 3]
        assert [s[0].start for s in sets] == [1, 2]

        # wait_for on an object destroyed meanwhile raises, naming what it waited for.
        search = mvvm_seeds.UserSearch(repo)
        waiting = asyncio.create_task(search.wait_for("query", "never"))
        await turns()
        search.close()
        with pytest.raises(mvvm.InvalidHandleError, match="'query' became 'never'"):
            await waiting

    run(main)


def test_runtime_shutdown_mid_iteration_ends_it() -> None:
    async def main() -> None:
        rt = mvvm.Runtime()
        try:
            repo = mvvm_seeds.Repository.sample(rt)
            search = mvvm_seeds.UserSearch(repo)
            seen: list[str] = []

            async def consume() -> str:
                async for q in search.values("query"):
                    seen.append(q)
                return "ended"

            task = asyncio.create_task(consume())
            waiting = asyncio.create_task(search.wait_for("is-query-empty", False))
            await turns()
            rt.shutdown()
            assert await task == "ended"
            assert seen == [""]
            with pytest.raises(mvvm.InvalidHandleError):
                await waiting
            assert mvvm.live_callbacks() == 0
        finally:
            rt.shutdown()
            gc.collect()

    run(main)


def test_wait_for_already_true_returns_at_once(runtime: mvvm.Runtime) -> None:
    ints = mvvm_seeds.SortedIntegers([1, 2], seed=1)
    before = mvvm.live_callbacks()
    coro = ints.wait_for("count", 2)
    # It never suspends: the first step of the coroutine returns the value.
    with pytest.raises(StopIteration) as done:
        coro.send(None)
    assert done.value.value == 2
    assert mvvm.live_callbacks() == before  # and it did not stay connected
    ints.close()


def test_wait_for_a_later_value_and_a_predicate(runtime: mvvm.Runtime) -> None:
    async def main() -> None:
        ints = mvvm_seeds.SortedIntegers([], seed=1)
        three = asyncio.create_task(ints.wait_for("count", 3))
        big = asyncio.create_task(ints.wait_for("count", lambda n: n >= 2))
        await turns()
        ints.add(1)
        await turns()
        assert not three.done() and not big.done()
        ints.add(2)
        await turns()
        assert big.done() and await big == 2
        ints.add(3)
        assert await three == 3
        ints.close()

    run(main)


def test_wait_for_timeout_through_asyncio_wait_for(runtime: mvvm.Runtime) -> None:
    async def main() -> None:
        ints = mvvm_seeds.SortedIntegers([], seed=1)
        before = mvvm.live_callbacks()
        # Nothing ever adds: it times out whatever the timing, and the wait disconnects.
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(ints.wait_for("count", 99), 0.01)
        assert mvvm.live_callbacks() == before
        ints.add(1)  # no handler left to run
        ints.close()

    run(main)


def test_break_and_async_with_disconnect(runtime: mvvm.Runtime) -> None:
    async def main() -> None:
        ints = mvvm_seeds.SortedIntegers([], seed=1)
        before = mvvm.live_callbacks()
        async for n in mvvm.values(ints, "count"):
            assert n == 0
            break  # the stream, dropped, is collected and disconnects
        gc.collect()
        assert mvvm.live_callbacks() == before
        async with ints.changes("values") as changes:
            ints.add(7)
            assert await changes.__anext__() == [ListChange(ListChangeKind.INSERT, 0, 1)]
            assert mvvm.live_callbacks() == before + 1
        assert changes.closed and mvvm.live_callbacks() == before
        ints.close()

    run(main)


def test_unknown_names_are_refused(runtime: mvvm.Runtime) -> None:
    ints = mvvm_seeds.SortedIntegers([], seed=1)
    with pytest.raises(mvvm.UnknownNameError, match="no property 'nope'.*'count'"):
        mvvm.values(ints, "nope")
    with pytest.raises(mvvm.UnknownNameError, match="no list 'count'"):
        ints.changes("count")
    with pytest.raises(mvvm.UnknownNameError):
        ints.events("nope")
    assert mvvm.live_callbacks() == 0
    ints.close()


def test_under_asyncio_attach_from_the_librarys_background_work(repo: mvvm_seeds.Repository) -> None:
    """The README's steps: attach, then iterate; the sample repository loads off the host
    thread and answers through the descriptor the loop watches."""

    async def main() -> None:
        with mvvm.asyncio_attach(repo.runtime):
            users = mvvm_seeds.UserList(repo)
            loading = users.values("loading")
            users.on_appear()
            count = await asyncio.wait_for(users.wait_for("count", lambda n: n > 0), 30)
            assert count == users.count == len(users.rows)
            states = []
            while loading.pending:
                states.append(await loading.__anext__())
            assert states[-1] == mvvm_seeds.Loading.NONE
            await loading.aclose()
            users.close()

    run(main)



def test_the_readme_example_runs_as_written() -> None:
    """README.md "Python and asyncio": its block, run as a user would (its own interpreter, its
    own runtime), prints the first change set and the final loading state."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    section = readme[readme.index("## Python and asyncio"):]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block is not None, "the section has no python block"
    out = subprocess.run([sys.executable, "-c", block.group(1)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "[ListChange(kind=<ListChangeKind.RESET: 1>, start=0, count=20)] 20",
        "Loading.NONE",
    ], out.stdout

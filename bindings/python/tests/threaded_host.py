"""A program whose asyncio loop, and so libmvvm's host thread, is a ``threading.Thread``:
the main thread only starts it, checks that the library refuses it, and joins. Run by
test_threaded_host.py in a process of its own (the host thread is fixed per process).
Prints "threaded host: ok" and exits 0 when every check held; an AssertionError otherwise."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading

import mvvm
import mvvm_seeds
from mvvm_seeds import HostRepository, User, UserPage

PAGE = 5
TOTAL = 12


class ThirdThreadRepo(HostRepository):
    """Answers from a pool thread: neither the main thread nor the host thread."""

    def __init__(self, pool: concurrent.futures.ThreadPoolExecutor) -> None:
        self.pool = pool
        self.answering_threads: set[int] = set()

    def _user(self, user_id: int) -> User:
        self.answering_threads.add(threading.get_ident())
        return User(user_id, f"Host User {user_id}", f"user{user_id}@host.test")

    def _page(self, page: int) -> UserPage:
        ids = range((page - 1) * PAGE + 1, min(page * PAGE, TOTAL) + 1)
        return UserPage([self._user(i) for i in ids], page, (TOTAL + PAGE - 1) // PAGE)

    def fetch_users(self, page: int) -> concurrent.futures.Future[UserPage]:
        return self.pool.submit(self._page, page)

    def fetch_user(self, user_id: int) -> concurrent.futures.Future[User]:
        return self.pool.submit(self._user, user_id)


async def until(predicate: object, timeout: float = 5.0) -> None:
    assert callable(predicate)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.005)


async def every_view_model(rt: mvvm.Runtime, pool: concurrent.futures.ThreadPoolExecutor) -> set[int]:
    with mvvm.asyncio_attach(rt):
        repo = mvvm_seeds.Repository.sample(rt, latency_ms=5)  # its latency timers tick here too
        ul = mvvm_seeds.UserList(repo)
        ul.on_appear()
        await until(lambda: ul.count > 0)
        d = mvvm_seeds.UserDetail(repo, 2)
        d.on_appear()
        await until(lambda: d.user is not None)
        d.draft_name = "Renamed"
        d.save()
        await until(lambda: not d.is_saving and d.user is not None and d.user.name == "Renamed")
        p = mvvm_seeds.PostDetail(repo, 1)
        p.on_appear()
        await until(lambda: p.state is mvvm.ViewState.LOADED)
        si = mvvm_seeds.SortedIntegers([5, 1, 3], seed=7, runtime=rt)
        assert si.add(4) == 2 and list(si.values) == [1, 3, 4, 5]
        sw = mvvm_seeds.Stopwatch(rt)
        ticks: list[str] = []
        sw.connect("notify::elapsed-text", ticks.append)
        sw.button_tapped()  # DispatchQueue.main's timer, routed to this thread
        await until(lambda: len(ticks) >= 3)
        sw.button_tapped()
        search = mvvm_seeds.UserSearch(repo)
        search.query = ul.row(0).name.split()[0]  # found after the debounce (DispatchQueue.main)
        await until(lambda: search.count > 0)
        co = mvvm_seeds.Coordinator(repo)
        co.start()
        assert co.depth == 1
        host = ThirdThreadRepo(pool)
        hl = mvvm_seeds.UserList(mvvm_seeds.Repository.host(host, rt))
        hl.on_appear()
        await until(lambda: hl.count == PAGE)
        hd = mvvm_seeds.UserDetail(mvvm_seeds.Repository.host(host, rt), 4)
        hd.on_appear()
        await until(lambda: hd.user is not None)
        assert hd.user == User(4, "Host User 4", "user4@host.test")
        return host.answering_threads


def main() -> None:
    started = threading.Event()
    main_checked = threading.Event()
    result: dict[str, object] = {}

    def host_thread() -> None:
        try:
            with mvvm.Runtime(on_current_thread=True) as rt:
                started.set()
                assert main_checked.wait(5), "the main thread's checks did not finish"
                with concurrent.futures.ThreadPoolExecutor(2) as pool:
                    answering = asyncio.run(every_view_model(rt, pool))
                assert answering and threading.get_ident() not in answering
                assert threading.main_thread().ident not in answering
            result["ok"] = True
        except BaseException as error:  # reported by the main thread
            result["error"] = error
        finally:
            started.set()

    thread = threading.Thread(target=host_thread, name="asyncio host")
    thread.start()
    assert started.wait(5)
    try:
        # The process's main thread is not the host thread: refused, with the precise error.
        for on_current_thread in (False, True):
            try:
                mvvm.Runtime(on_current_thread=on_current_thread)
            except mvvm.WrongThreadError as error:
                assert "fixed for the process's lifetime" in str(error), str(error)
            else:
                raise AssertionError("the main thread was not refused")
        assert mvvm.version()  # any-thread functions keep working
    finally:
        main_checked.set()
    thread.join()
    if "error" in result:
        raise result["error"]  # type: ignore[misc]
    assert result.get("ok")
    print("threaded host: ok")


if __name__ == "__main__":
    main()

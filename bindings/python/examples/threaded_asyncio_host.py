"""An asyncio host on a thread of its own: the main thread belongs to something else (a GUI
toolkit, a server), so the loop runs in a ``threading.Thread``, which becomes libmvvm's host
thread with ``mvvm.Runtime(on_current_thread=True)`` (mvvm_init_with_options()).

Everything then arrives on that thread through the runtime's one descriptor: the sample
repository's answers, the stopwatch's timer, a host repository answered from a pool thread.
Other threads may call only the "any thread" functions (``mvvm.Runtime.wakeup()``,
``mvvm.version()``); anything else raises WrongThreadError naming both threads. A wrapper whose
last reference goes on another thread is destroyed here, at the next dispatch.

    python3 examples/threaded_asyncio_host.py
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading

import mvvm
import mvvm_seeds


class PoolRepository(mvvm_seeds.HostRepository):
    """Answers from a pool thread with a Future (no super().__init__() needed)."""

    def __init__(self, pool: concurrent.futures.ThreadPoolExecutor) -> None:
        self.pool = pool

    def _page(self, page: int) -> mvvm_seeds.UserPage:
        users = [mvvm_seeds.User(i, f"Pool User {i}", f"user{i}@pool.example") for i in range(1, 4)]
        return mvvm_seeds.UserPage(users, page, 1)

    def fetch_users(self, page: int) -> concurrent.futures.Future[mvvm_seeds.UserPage]:
        return self.pool.submit(self._page, page)

    def fetch_user(self, user_id: int) -> concurrent.futures.Future[mvvm_seeds.User]:
        return self.pool.submit(lambda: mvvm_seeds.User(user_id, f"Pool User {user_id}", "pool@example"))

    def update_user(self, user: mvvm_seeds.User) -> mvvm_seeds.User:
        return user


async def until(predicate: object, timeout: float = 10.0) -> None:
    assert callable(predicate)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise TimeoutError("the condition was not reached")
        await asyncio.sleep(0.01)


async def app(rt: mvvm.Runtime) -> None:
    with mvvm.asyncio_attach(rt), concurrent.futures.ThreadPoolExecutor(2) as pool:
        users = mvvm_seeds.UserList(mvvm_seeds.Repository.sample(rt, latency_ms=5))
        users.on_appear()
        await until(lambda: users.count > 0)
        print(f"sample list: {users.count} rows, first {users.row(0).name}")

        ticks: list[str] = []
        stopwatch = mvvm_seeds.Stopwatch(rt)
        stopwatch.connect("notify::elapsed-text", ticks.append)
        stopwatch.button_tapped()  # its timer ticks on this thread
        await until(lambda: len(ticks) >= 2)
        stopwatch.button_tapped()
        print(f"stopwatch ticked on the host thread: {ticks[-1]}")

        hosted = mvvm_seeds.UserList(mvvm_seeds.Repository.host(PoolRepository(pool), rt))
        hosted.on_appear()
        await until(lambda: hosted.count == 3)
        print(f"host repository answered from a pool thread: {hosted.row(2).name}")

        # Another thread is refused, with both threads named.
        refused: list[str] = []
        worker = threading.Thread(target=lambda: refused.append(_try_refresh(users)))
        worker.start()
        worker.join()
        print(f"another thread: {refused[0]}")


def _try_refresh(users: mvvm_seeds.UserList) -> str:
    try:
        users.refresh()
    except mvvm.WrongThreadError as error:
        return f"WrongThreadError: {error}"
    return "not refused"


def main() -> None:
    failure: list[BaseException] = []

    def host_thread() -> None:
        try:
            with mvvm.Runtime(on_current_thread=True) as rt:
                asyncio.run(app(rt))
        except BaseException as error:
            failure.append(error)

    thread = threading.Thread(target=host_thread, name="asyncio host")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    print("threaded asyncio host: done")


if __name__ == "__main__":
    main()

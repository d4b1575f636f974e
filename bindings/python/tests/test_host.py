"""Repositories implemented in Python."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
from collections.abc import Sequence

import pytest

import mvvm
import mvvm_seeds
from mvvm import ViewState
from mvvm_seeds import Comment, HostRepository, Post, User, UserPage
from mvvm_seeds.host import live_host_repositories

PAGE = 5
TOTAL = 12


def make_user(i: int) -> User:
    return User(i, f"Host User {i}", f"user{i}@host.test")


class SyncRepo(HostRepository):
    def __init__(self) -> None:
        self.users = {i: make_user(i) for i in range(1, TOTAL + 1)}
        self.liked = False
        self.calls: list[str] = []

    def fetch_users(self, page: int) -> UserPage:
        self.calls.append(f"users {page}")
        ids = sorted(self.users)[(page - 1) * PAGE: page * PAGE]
        return UserPage([self.users[i] for i in ids], page, (TOTAL + PAGE - 1) // PAGE)

    def fetch_user(self, user_id: int) -> User:
        return self.users[user_id]

    def update_user(self, user: User) -> User:
        self.users[user.id] = user
        return user

    def _post(self, post_id: int) -> Post:
        return Post(post_id, "Host post", "Body é", "Host", 1.0e9, 3 + self.liked, self.liked, 2)

    def fetch_post(self, post_id: int) -> Post:
        return self._post(post_id)

    def fetch_comments(self, post_id: int) -> Sequence[Comment]:
        return [Comment(1, "A", "first"), Comment(2, "B", "second")]

    def set_liked(self, post_id: int, liked: bool) -> Post:
        self.liked = liked
        return self._post(post_id)


def test_sync_host_repository(runtime: mvvm.Runtime) -> None:
    impl = SyncRepo()
    repo = mvvm_seeds.Repository.host(impl, runtime)
    ul = mvvm_seeds.UserList(repo)
    ul.on_appear()
    assert runtime.run_until(lambda: ul.count == PAGE)
    assert ul.rows[0] == make_user(1) and ul.has_more_pages
    ul.did_display_row(PAGE - 1)
    assert runtime.run_until(lambda: ul.count == 2 * PAGE)
    d = mvvm_seeds.UserDetail(repo, 3)
    d.on_appear()
    assert runtime.run_until(lambda: d.user is not None)
    d.draft_name = "Renamed By Host"
    d.save()
    assert runtime.run_until(lambda: not d.is_dirty and not d.is_saving)
    assert impl.users[3].name == "Renamed By Host"
    p = mvvm_seeds.PostDetail(repo, 7)
    p.on_appear()
    assert runtime.run_until(lambda: p.state is ViewState.LOADED)
    post = p.post
    assert post is not None and post.body == "Body é" and [c.body for c in p.comments] == ["first", "second"]
    p.toggle_like()
    assert runtime.run_until(lambda: impl.liked)
    assert p.is_liked


class FailingRepo(SyncRepo):
    def fetch_users(self, page: int) -> UserPage:
        raise ConnectionError("server unreachable")


def test_exception_fails_the_request(runtime: mvvm.Runtime) -> None:
    ul = mvvm_seeds.UserList(mvvm_seeds.Repository.host(FailingRepo(), runtime))
    ul.on_appear()
    assert runtime.run_until(lambda: ul.error_message is not None)
    assert "server unreachable" in (ul.error_message or "")


class WrongAnswerRepo(SyncRepo):
    def fetch_user(self, user_id: int) -> User:
        return "not a user"  # type: ignore[return-value]


def test_wrong_answer_type_fails_the_request(runtime: mvvm.Runtime) -> None:
    d = mvvm_seeds.UserDetail(mvvm_seeds.Repository.host(WrongAnswerRepo(), runtime), 1)
    d.on_appear()
    assert runtime.run_until(lambda: d.error_message is not None)
    assert "User" in (d.error_message or "")


class UsersOnly(HostRepository):
    def fetch_users(self, page: int) -> UserPage:
        return UserPage([make_user(1)], 1, 1)

    def fetch_user(self, user_id: int) -> User:
        return make_user(user_id)

    def update_user(self, user: User) -> User:
        return user


def test_without_posts_post_screens_fail(runtime: mvvm.Runtime) -> None:
    p = mvvm_seeds.PostDetail(mvvm_seeds.Repository.host(UsersOnly(), runtime), 1)
    p.on_appear()
    assert runtime.run_until(lambda: p.state is ViewState.FAILED)
    assert p.post is None


class AsyncRepo(SyncRepo):
    def __init__(self) -> None:
        super().__init__()
        self.cancelled_kinds: list[str] = []
        self.slow = False

    async def fetch_users(self, page: int) -> UserPage:  # type: ignore[override]
        await asyncio.sleep(1.0 if self.slow else 0.01)
        return SyncRepo.fetch_users(self, page)

    def cancelled(self, kind: str) -> None:
        self.cancelled_kinds.append(kind)


def test_async_host_repository_and_cancel(runtime: mvvm.Runtime) -> None:
    impl = AsyncRepo()

    async def main() -> None:
        with mvvm.asyncio_attach(runtime):
            repo = mvvm_seeds.Repository.host(impl, runtime)
            ul = mvvm_seeds.UserList(repo)
            ul.on_appear()
            for _ in range(500):
                if ul.count == PAGE:
                    break
                await asyncio.sleep(0.01)
            assert ul.count == PAGE
            impl.slow = True
            ul.refresh()
            await asyncio.sleep(0.05)
            impl.slow = False
            ul.refresh()  # supersedes the slow load: it is cancelled
            for _ in range(500):
                if impl.cancelled_kinds and ul.loading is mvvm_seeds.Loading.NONE:
                    break
                await asyncio.sleep(0.01)
            assert impl.cancelled_kinds == ["fetch_users"]
            assert ul.count == PAGE

    asyncio.run(main())


class ThreadedRepo(SyncRepo):
    def __init__(self, pool: concurrent.futures.ThreadPoolExecutor) -> None:
        super().__init__()
        self.pool = pool

    def fetch_user(self, user_id: int) -> concurrent.futures.Future[User]:  # type: ignore[override]
        return self.pool.submit(SyncRepo.fetch_user, self, user_id)


def test_future_answered_from_a_worker_thread(runtime: mvvm.Runtime) -> None:
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        d = mvvm_seeds.UserDetail(mvvm_seeds.Repository.host(ThreadedRepo(pool), runtime), 4)
        d.on_appear()
        assert runtime.run_until(lambda: d.user is not None)
        assert d.user == make_user(4)


def test_answers_from_many_worker_threads_while_the_host_dispatches_all_arrive(runtime: mvvm.Runtime) -> None:
    # The answers keep the GIL through their C call (mvvm._ffi.HOLDS_GIL) while the host
    # thread releases it inside mvvm_run()/mvvm_dispatch() and takes it back for each handler
    # and host call: neither may wait for the other (a deadlock hangs here).
    count = 60
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        repository = mvvm_seeds.Repository.host(ThreadedRepo(pool), runtime)
        details = [mvvm_seeds.UserDetail(repository, 1 + i % TOTAL) for i in range(count)]
        seen: list[User | None] = []
        for d in details:
            d.connect("notify::user", seen.append)
            d.on_appear()
        assert runtime.run_until(lambda: all(d.user is not None for d in details), timeout=30)
        assert [d.user for d in details] == [make_user(1 + i % TOTAL) for i in range(count)]
        assert sorted(u.id for u in seen if u is not None) == sorted(1 + i % TOTAL for i in range(count))
        for d in details:
            d.close()
        repository.close()


def test_a_record_handlers_exception_is_reraised_by_the_dispatch_that_ran_it(runtime: mvvm.Runtime) -> None:
    # notify::user carries the record by pointer (read by the record's generated reader); the
    # handler's exception is stored, never raised into C, and re-raised by dispatch().
    import select

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        repository = mvvm_seeds.Repository.host(ThreadedRepo(pool), runtime)
        d = mvvm_seeds.UserDetail(repository, 4)
        got: list[User] = []

        def failing(user: User | None) -> None:
            if user is not None:
                got.append(user)
                raise LookupError("the handler failed")

        d.connect("notify::user", failing)
        d.on_appear()
        with pytest.raises(LookupError, match="the handler failed"):
            for _ in range(200):
                select.select([runtime.fileno()], [], [], 0.05)
                runtime.dispatch()
        assert got == [make_user(4)] and d.user == make_user(4)
        runtime.dispatch()  # raised once: nothing pending any more
        d.close()
        repository.close()


class FailingFutureRepo(SyncRepo):
    """fetch_user answers with a future a worker thread fails with ``error``."""

    def __init__(self, pool: concurrent.futures.ThreadPoolExecutor, error: BaseException) -> None:
        super().__init__()
        self.pool = pool
        self.error = error

    def fetch_user(self, user_id: int) -> concurrent.futures.Future[User]:  # type: ignore[override]
        future: concurrent.futures.Future[User] = concurrent.futures.Future()
        self.pool.submit(future.set_exception, self.error)
        return future


def test_future_failed_from_a_worker_thread_fails_the_request(runtime: mvvm.Runtime) -> None:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        repository = mvvm_seeds.Repository.host(FailingFutureRepo(pool, OSError("disk on fire")), runtime)
        d = mvvm_seeds.UserDetail(repository, 4)
        d.on_appear()
        assert runtime.run_until(lambda: d.error_message is not None)
        assert "disk on fire" in (d.error_message or "")
        assert d.user is None
        # The failure's traceback keeps the host table's frames, and so its wrapper: closed by hand.
        d.close()
        repository.close()


def test_a_future_failed_with_cancelled_error_is_a_failure_not_a_cancellation(runtime: mvvm.Runtime) -> None:
    # The future itself was not cancelled: its answer is an exception like any other, and
    # the request must not be left pending.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        repo = FailingFutureRepo(pool, concurrent.futures.CancelledError())
        repository = mvvm_seeds.Repository.host(repo, runtime)
        d = mvvm_seeds.UserDetail(repository, 4)
        d.on_appear()
        assert runtime.run_until(lambda: d.error_message is not None)
        assert "CancelledError" in (d.error_message or "")
        d.close()
        repository.close()


class SelfCancellingRepo(SyncRepo):
    """fetch_user answers with a future its own worker cancels."""

    def __init__(self, pool: concurrent.futures.ThreadPoolExecutor) -> None:
        super().__init__()
        self.pool = pool

    def fetch_user(self, user_id: int) -> concurrent.futures.Future[User]:  # type: ignore[override]
        future: concurrent.futures.Future[User] = concurrent.futures.Future()
        self.pool.submit(future.cancel)
        return future


def test_a_future_the_host_cancels_itself_fails_the_request_instead_of_leaving_it_pending(
    runtime: mvvm.Runtime,
) -> None:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        d = mvvm_seeds.UserDetail(mvvm_seeds.Repository.host(SelfCancellingRepo(pool), runtime), 4)
        d.on_appear()
        assert runtime.run_until(lambda: d.error_message is not None)
        assert "SelfCancellingRepo.fetch_user was cancelled" in (d.error_message or "")


def test_bridge_released_with_the_repository(runtime: mvvm.Runtime) -> None:
    base = live_host_repositories()
    repo = mvvm_seeds.Repository.host(SyncRepo(), runtime)
    ul = mvvm_seeds.UserList(repo)
    assert live_host_repositories() == base + 1
    repo.close()
    assert live_host_repositories() == base + 1  # the list still uses it
    ul.on_appear()
    assert runtime.run_until(lambda: ul.count == PAGE)
    ul.close()
    gc.collect()
    runtime.run(0.05)
    assert live_host_repositories() == base


def test_shutdown_releases_bridges() -> None:
    base = live_host_repositories()
    rt = mvvm.Runtime()
    mvvm_seeds.UserList(mvvm_seeds.Repository.host(SyncRepo(), rt))
    rt.shutdown()
    assert live_host_repositories() == base


def test_invalid_tables_are_rejected(runtime: mvvm.Runtime) -> None:
    class Empty(HostRepository):
        pass

    # methods raise NotImplementedError -> each request fails; the repository itself is valid
    ul = mvvm_seeds.UserList(mvvm_seeds.Repository.host(Empty(), runtime))
    ul.on_appear()
    assert runtime.run_until(lambda: ul.error_message is not None)
    with pytest.raises(mvvm.NotFoundError):
        from mvvm import _ffi

        _ffi.lib().mvvm_request_fail(12345678, b"x")


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_async_method_without_loop_is_reported(runtime: mvvm.Runtime) -> None:
    ul = mvvm_seeds.UserList(mvvm_seeds.Repository.host(AsyncRepo(), runtime))
    with pytest.raises(RuntimeError, match="no asyncio loop"):
        ul.on_appear()
        runtime.run_until(lambda: False, 0.3)
    assert runtime.run_until(lambda: ul.error_message is not None)

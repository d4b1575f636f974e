"""UserList against a model of pages: a sample repository of random size and page size,
optionally failing every n-th call, driven by appear / refresh / display a row / select a
row / dismiss the error, with the repository's answers delivered only when the test drains
the runtime, so loads overlap (a refresh supersedes a load under way).

The model: page p of users holds ids (p-1)*size+1 ... min(p*size, users); every load the
ViewModel starts is one repository call, numbered in the order started (tasks run in that
order), and call k fails when fail_every_nth divides k; only the latest load lands. After
every step the rows (and a mirror kept only from "rows-changed"), the count, "loading",
"has-more-pages" and the error message equal the model's."""

from __future__ import annotations

import gc

import pytest
from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import mvvm
import mvvm_seeds
from mvvm import ListChange, ListChangeKind
from mvvm_seeds import Loading, User

from model_support import drain

PREFETCH = 3  # the list's prefetch distance (mvvm.h: the last 3 rows)


class UserListMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.runtime = mvvm.Runtime()
        # The model.
        self.rows: list[int] = []
        self.loaded_page = 0
        self.total_pages = 1
        self.loading = Loading.NONE
        self.failed = False
        self.calls = 0
        self.pending: tuple[Loading, int, int] | None = None  # kind, page, call number
        # Observed through signals.
        self.mirror: list[User] = []
        self.selected: list[int] = []
        self.known: dict[int, User] = {}

    @initialize(
        users=st.integers(0, 70),
        page_size=st.integers(1, 12),
        fail_every_nth=st.sampled_from([0, 0, 2, 3, 5]),
        seed=st.integers(0, 2**32),
    )
    def create(self, users: int, page_size: int, fail_every_nth: int, seed: int) -> None:
        self.users, self.page_size, self.fail_every_nth = users, page_size, fail_every_nth
        repo = mvvm_seeds.Repository.sample(
            self.runtime, user_count=users, page_size=page_size, post_count=0 if users == 0 else 20,
            fail_every_nth=fail_every_nth, seed=seed, latency_ms=0,
        )
        self.list = mvvm_seeds.UserList(repo)
        self.list.connect("rows-changed", self.on_rows_changed)
        self.list.connect("user-selected", self.selected.append)

    def on_rows_changed(self, changes: list[ListChange]) -> None:
        for change in changes:
            span = range(change.start, change.start + change.count)
            if change.kind is ListChangeKind.RESET:
                self.mirror = list(self.list.rows)
                assert change.count == len(self.mirror)
            elif change.kind is ListChangeKind.INSERT:
                self.mirror[change.start:change.start] = [self.list.row(i) for i in span]
            elif change.kind is ListChangeKind.UPDATE:
                for i in span:
                    self.mirror[i] = self.list.row(i)
            else:
                raise AssertionError(f"a user list never sends {change}")

    # The model's side of a load.

    def start_load(self, kind: Loading) -> None:
        self.calls += 1
        page = self.loaded_page + 1 if kind is Loading.NEXT_PAGE else 1
        if self.pending is not None:
            event("a load superseded another")
        self.pending = (kind, page, self.calls)  # supersedes any load under way
        self.loading = kind

    def page_ids(self, page: int) -> list[int]:
        first = (page - 1) * self.page_size + 1
        return list(range(first, min(page * self.page_size, self.users) + 1))

    @property
    def has_more(self) -> bool:
        return self.loaded_page < self.total_pages

    # Rules.

    @rule()
    def on_appear(self) -> None:
        self.list.on_appear()
        if not self.rows and self.loading is Loading.NONE:
            self.start_load(Loading.FULL_SCREEN)

    @rule()
    def refresh(self) -> None:
        self.list.refresh()
        self.start_load(Loading.FULL_SCREEN)

    @precondition(lambda self: len(self.rows) > 0)
    @rule(data=st.data())
    def display_a_row(self, data: st.DataObject) -> None:
        # Mostly the last rows, where the next page is fetched.
        n = len(self.rows)
        index = data.draw(st.one_of(st.integers(max(0, n - PREFETCH - 1), n - 1), st.integers(0, n - 1)), label="index")
        self.list.did_display_row(index)
        if index >= n - PREFETCH and self.has_more and self.loading is Loading.NONE and not self.failed:
            self.start_load(Loading.NEXT_PAGE)

    @rule(past=st.integers(0, 3))
    def display_a_row_outside_the_rows(self, past: int) -> None:
        with pytest.raises(mvvm.OutOfRangeError):
            self.list.did_display_row(len(self.rows) + past)
        with pytest.raises(mvvm.OutOfRangeError):
            self.list.did_select_row(-1 - past)

    @precondition(lambda self: len(self.rows) > 0)
    @rule(data=st.data())
    def select_a_row(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.rows) - 1), label="index")
        self.selected.clear()
        self.list.did_select_row(index)
        assert self.selected == [self.rows[index]]

    @rule()
    def dismiss_error(self) -> None:
        self.list.dismiss_error()
        self.failed = False

    @rule()
    def deliver_answers(self) -> None:
        drain(self.runtime)
        if self.pending is None:
            return
        kind, page, call = self.pending
        self.pending = None
        self.loading = Loading.NONE
        if self.fail_every_nth and call % self.fail_every_nth == 0:
            event("a load failed")
            self.failed = True
            return
        ids = self.page_ids(page)
        self.rows = ids if kind is Loading.FULL_SCREEN else self.rows + ids
        self.loaded_page = page
        self.total_pages = max(1, -(-self.users // self.page_size))
        self.failed = False
        event("end reached" if not self.has_more else "more pages")

    @rule()
    def collect_garbage(self) -> None:
        gc.collect()

    # Invariants.

    @invariant()
    def equals_the_model(self) -> None:
        if not hasattr(self, "list"):
            return
        ul = self.list
        rows = list(ul.rows)
        assert [u.id for u in rows] == self.rows
        assert self.mirror == rows
        assert ul.count == len(self.rows)
        assert ul.loading is self.loading
        assert ul.has_more_pages is self.has_more
        assert (ul.error_message is not None) is self.failed
        for user in rows:  # a user reads the same every time, and is who its id says
            assert self.known.setdefault(user.id, user) == user
            assert user.name and user.email.endswith(user.email.split("@")[1]) and f".{user.id}@" in user.email

    @invariant()
    def end_reached_only_on_the_last_page(self) -> None:
        if hasattr(self, "list") and self.loaded_page and not self.has_more:
            assert len(self.rows) == self.users or self.loaded_page == 1 and self.users == 0

    def teardown(self) -> None:
        self.runtime.shutdown()
        gc.collect()
        assert mvvm.live_callbacks() == 0


TestUserList = UserListMachine.TestCase

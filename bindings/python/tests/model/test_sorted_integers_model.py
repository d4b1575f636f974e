"""SortedIntegers against a sorted Python list: every command the ViewModel has (add,
add_new_integer, remove_at), in any order, from any starting values. After every step the
ViewModel's values, its count, the "notify::count" values and a mirror list kept only by
applying the "rows-changed" change sets all equal the model."""

from __future__ import annotations

import bisect
import gc

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import mvvm
import mvvm_seeds
from mvvm import ListChange, ListChangeKind

from model_support import drain

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
#: Small values, so duplicates (inserted after equal values) are common, and the edges.
values = st.one_of(st.integers(-5, 5), st.integers(INT64_MIN, INT64_MAX), st.sampled_from([INT64_MIN, INT64_MAX]))


class SortedIntegersMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.runtime = mvvm.Runtime()
        self.model: list[int] = []
        self.mirror: list[int] = []
        self.counts: list[int] = []
        self.change_sets: list[list[ListChange]] = []

    @initialize(initial=st.lists(values, max_size=12), seed=st.integers(0, 2**64 - 1))
    def create(self, initial: list[int], seed: int) -> None:
        self.list = mvvm_seeds.SortedIntegers(initial, seed=seed, runtime=self.runtime)
        self.model = sorted(initial)
        self.mirror = list(self.list.values)
        self.list.connect("rows-changed", self.on_rows_changed)
        self.list.connect("notify::count", self.counts.append)

    def on_rows_changed(self, changes: list[ListChange]) -> None:
        self.change_sets.append(changes)
        for change in changes:
            if change.kind is ListChangeKind.RESET:
                self.mirror = list(self.list.values)
            elif change.kind is ListChangeKind.INSERT:
                new = [self.list.value(i) for i in range(change.start, change.start + change.count)]
                self.mirror[change.start:change.start] = new
            elif change.kind is ListChangeKind.REMOVE:
                del self.mirror[change.start:change.start + change.count]
            elif change.kind is ListChangeKind.UPDATE:
                for i in range(change.start, change.start + change.count):
                    self.mirror[i] = self.list.value(i)
            else:  # MOVE: the row at start moved to index count
                self.mirror.insert(change.count, self.mirror.pop(change.start))

    def take_changes(self) -> list[ListChange]:
        """The changes signalled since the last step, flattened."""
        changes = [c for changes in self.change_sets for c in changes]
        self.change_sets.clear()
        return changes

    @rule(value=values)
    def add(self, value: int) -> None:
        index = self.list.add(value)
        expected = bisect.bisect_right(self.model, value)  # after equal values
        assert index == expected
        self.model.insert(expected, value)
        assert self.take_changes() == [ListChange(ListChangeKind.INSERT, expected, 1)]

    @rule(value=st.one_of(st.integers(min_value=2**63), st.integers(max_value=-(2**63) - 1)))
    def add_a_value_int64_cannot_hold(self, value: int) -> None:
        # Refused before C: ctypes alone would pass the low 64 bits, another value.
        with pytest.raises(OverflowError):
            self.list.add(value)
        assert self.take_changes() == []

    @rule()
    def add_new_integer(self) -> None:
        self.list.add_new_integer()
        changes = self.take_changes()
        assert len(changes) == 1 and changes[0].kind is ListChangeKind.INSERT and changes[0].count == 1
        index = changes[0].start
        value = self.list.value(index)
        assert 0 <= value <= 9, "add_new_integer draws from 0..9"
        assert index == bisect.bisect_right(self.model, value)
        self.model.insert(index, value)

    @precondition(lambda self: len(self.model) > 0)
    @rule(data=st.data())
    def remove_at(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.model) - 1), label="index")
        self.list.remove_at(index)
        del self.model[index]
        assert self.take_changes() == [ListChange(ListChangeKind.REMOVE, index, 1)]

    @rule(offset=st.integers(0, 5), negative=st.booleans())
    def remove_outside_the_rows(self, offset: int, negative: bool) -> None:
        index = -1 - offset if negative else len(self.model) + offset
        with pytest.raises(mvvm.OutOfRangeError):
            self.list.remove_at(index)
        assert self.take_changes() == []

    @rule(index=st.one_of(st.integers(min_value=2**63), st.integers(max_value=-(2**63) - 1)))
    def remove_at_an_index_int64_cannot_hold(self, index: int) -> None:
        # 2**64 once reached C as 0 and removed the first row.
        with pytest.raises(OverflowError):
            self.list.remove_at(index)
        assert self.take_changes() == []

    @precondition(lambda self: len(self.model) > 0)
    @rule()
    def remove_everything(self) -> None:
        # The ViewModel has no clear command: a host clears by removing every row.
        rows = len(self.model)
        while self.model:
            self.list.remove_at(len(self.model) - 1)
            self.model.pop()
        assert self.take_changes() == [ListChange(ListChangeKind.REMOVE, i, 1) for i in reversed(range(rows))]

    @rule()
    def dispatch_and_collect(self) -> None:
        drain(self.runtime)
        gc.collect()
        assert self.take_changes() == []

    @invariant()
    def equals_the_model(self) -> None:
        if not hasattr(self, "list"):
            return
        assert list(self.list.values) == self.model
        assert self.list.count == len(self.model) == len(self.list.values)
        assert self.mirror == self.model
        if self.counts:
            assert self.counts[-1] == len(self.model)

    def teardown(self) -> None:
        self.runtime.shutdown()
        gc.collect()
        assert mvvm.live_callbacks() == 0


TestSortedIntegers = SortedIntegersMachine.TestCase

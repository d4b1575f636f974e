# mypy: ignore-errors
# (PyGObject ships no type stubs: the gi classes below cannot be checked.)
"""mvvm.gtk, the PyGObject adapter: its Gio.ListModel follows mvvm change sets exactly (seeded
random change sets applied to the model and to a plain list agree, checked through the
Gio.ListModel API and a replay of items-changed), over a fake source and over the library's
lists; property and command bindings. No display needed (no widget is realised).

Needs PyGObject with GTK 4 in this interpreter (Debian: python3-gi, gir1.2-gtk-4.0); run-tests.sh
runs this file again in .build/python-gtk-venv, Debian's python3 with its site packages."""

from __future__ import annotations

import random
from typing import Any

import pytest

import mvvm
import mvvm_seeds
from conftest import pump
from mvvm import ListChange, ListChangeKind, _records

try:
    from mvvm import gtk as mvvm_gtk

    gi = mvvm_gtk.require_gtk()
except ImportError as exc:
    pytest.skip(f"PyGObject with GTK 4 is not importable here ({exc}); run-tests.sh runs these tests "
                "in .build/python-gtk-venv", allow_module_level=True)

GObject = gi.GObject
K = ListChangeKind


def user_kind() -> int:
    return next(r.kind for r in _records.all_records() if r.name == "User")


class Replay:
    """What a view sees: the model's rows rebuilt from items-changed alone (None: a row added
    since, not yet looked at), and the events."""

    def __init__(self, model: Any) -> None:
        self.rows: list[Any] = [model.get_item(i) for i in range(model.get_n_items())]
        self.events: list[tuple[int, int, int]] = []
        self.bad: list[str] = []
        model.connect("items-changed", self.on_items_changed)

    def on_items_changed(self, model: Any, pos: int, removed: int, added: int) -> None:
        self.events.append((pos, removed, added))
        if pos + removed > len(self.rows):
            self.bad.append(f"items-changed({pos}, {removed}, {added}) past {len(self.rows)} rows")
            return
        self.rows[pos:pos + removed] = [None] * added


def random_change_set(rng: random.Random, truth: list[list[int]], next_id: list[int]) -> list[ListChange]:
    """1..5 random edits of ``truth`` (rows [id, rev]), applied to it, as the change set."""
    changes: list[ListChange] = []
    for _ in range(rng.randint(1, 5)):
        n = len(truth)
        roll = rng.randrange(100)
        if roll < 3:
            count = rng.randrange(12)
            truth[:] = [[next_id[0] + i, 0] for i in range(count)]
            next_id[0] += count
            changes.append(ListChange(K.RESET, 0, count))
        elif roll < 35 or n == 0:
            start, count = rng.randint(0, n), rng.randint(1, 3)
            truth[start:start] = [[next_id[0] + i, 0] for i in range(count)]
            next_id[0] += count
            changes.append(ListChange(K.INSERT, start, count))
        elif roll < 60:
            start = rng.randrange(n)
            count = rng.randint(1, min(3, n - start))
            del truth[start:start + count]
            changes.append(ListChange(K.REMOVE, start, count))
        elif roll < 80:
            start = rng.randrange(n)
            count = rng.randint(1, min(3, n - start))
            for row in truth[start:start + count]:
                row[1] += 1
            changes.append(ListChange(K.UPDATE, start, count))
        else:
            frm, to = rng.randrange(n), rng.randrange(n)
            truth.insert(to, truth.pop(frm))
            changes.append(ListChange(K.MOVE, frm, to))
    return changes


def test_random_change_sets_agree_with_a_plain_list() -> None:
    rng = random.Random(38)
    truth: list[list[int]] = [[i, 0] for i in range(1, 6)]
    next_id = [6]

    def get(i: int) -> Any:
        ident, rev = truth[i]
        return mvvm_seeds.User(ident, f"rev {rev}", f"u{ident}@example.com")

    model = mvvm_gtk.model_from_source(lambda: len(truth), get, user_kind())
    assert model.get_n_items() == 5 and model.cached == 0  # nothing built up front
    assert model.get_item_type().name == "MvvmPyUser"
    replay = Replay(model)
    notified: list[Any] = []
    one_row_cases = 0
    for case in range(3000):
        # The view looks at some rows (they become cached, and their notify is counted).
        replay.rows = [None] * model.get_n_items()
        for i in range(len(replay.rows)):
            if rng.randrange(3) == 0:
                item = replay.rows[i] = model.get_item(i)
                if not getattr(item, "_watched", False):
                    item._watched = True
                    item.connect("notify::name", lambda it, _p: notified.append(it))
        looked = list(replay.rows)
        replay.events.clear()
        notified.clear()
        changes = random_change_set(rng, truth, next_id)
        model.apply(changes)
        where = f"case {case}: {changes}"
        assert not replay.bad, where
        assert model.get_n_items() == len(truth) == len(replay.rows), where
        for i, (ident, rev) in enumerate(truth):
            item = model.get_item(i)
            assert (item.props.id, item.props.name) == (ident, f"rev {rev}"), f"{where}: row {i}"
            assert item.row == get(i)
            if replay.rows[i] is not None:  # an item the view kept is still the model's item
                assert replay.rows[i] is item, f"{where}: row {i} is another item than the view kept"
        kinds = {c.kind for c in changes}
        if kinds == {K.UPDATE}:
            assert replay.events == [], where  # an update is a notify on cached items only
            if len(changes) == 1:
                c = changes[0]
                viewed = [it for it in looked[c.start:c.start + c.count] if it is not None]
                assert all(it in notified for it in viewed), where
        if len(changes) == 1 and changes[0].kind in (K.INSERT, K.REMOVE, K.MOVE):
            c = changes[0]
            if c.kind == K.MOVE:
                if c.start == c.count:
                    continue
                lo = min(c.start, c.count)
                want = (lo, abs(c.start - c.count) + 1, abs(c.start - c.count) + 1)
            else:
                want = (c.start, c.count if c.kind == K.REMOVE else 0, c.count if c.kind == K.INSERT else 0)
            assert replay.events == [want], where
            one_row_cases += 1
    assert one_row_cases > 300


def test_touching_edits_coalesce_into_one_items_changed() -> None:
    rows = list(range(4))
    model = mvvm_gtk.model_from_source(lambda: len(rows), lambda i: rows[i], mvvm.ValueKind.INT64)
    replay = Replay(model)
    rows[0:0] = [10, 11, 12, 13]
    model.apply([ListChange(K.INSERT, 0, 2), ListChange(K.INSERT, 2, 1), ListChange(K.INSERT, 1, 1)])
    assert replay.events == [(0, 0, 4)]
    rows[:] = [1, 2]
    replay.events.clear()
    model.apply([ListChange(K.RESET, 0, 2)])
    assert replay.events == [(0, 8, 2)]
    assert [model.get_item(i).props.value for i in range(2)] == [1, 2]
    with pytest.warns(UserWarning, match="does not fit"):
        model.apply([ListChange(K.REMOVE, 5, 1)])  # nonsense: resynchronised with the source
    assert replay.events[-1] == (0, 2, 2)


def test_a_librarys_list_through_random_commands(runtime: mvvm.Runtime) -> None:
    rng = random.Random(7)
    ints = mvvm_seeds.SortedIntegers([5, 1, 9], seed=1)
    model = mvvm_gtk.list_model(ints, "values")
    replay = Replay(model)
    for step in range(400):
        if len(ints.values) and rng.randrange(3) == 0:
            ints.remove_at(rng.randrange(len(ints.values)))
        else:
            ints.add(rng.randrange(-50, 50))
        assert not replay.bad
        got = [model.get_item(i).props.value for i in range(model.get_n_items())]
        assert got == list(ints.values), f"step {step}"
        assert len(replay.rows) == len(got)
    n = model.get_n_items()
    replay.events.clear()
    ints.close()  # the object goes: the model empties
    assert replay.events == [(0, n, 0)] and model.get_n_items() == 0


def test_a_record_list_of_the_library(repo: mvvm_seeds.Repository) -> None:
    users = mvvm_seeds.UserList(repo)
    model = mvvm_gtk.list_model(users, "rows")
    replay = Replay(model)
    users.on_appear()
    pump(repo.runtime, lambda: model.get_n_items() > 0)
    assert model.get_n_items() == users.count == len(replay.rows)
    first = model.get_item(0)
    assert (first.props.id, first.props.name, first.props.email) == (users.rows[0].id, users.rows[0].name,
                                                                     users.rows[0].email)
    assert model.cached == 1
    model.close()
    users.close()


class Widget(GObject.Object):
    """A stand-in for a widget: two properties, no display needed."""

    __gtype_name__ = "MvvmTestWidget"
    text = GObject.Property(type=str, default="")
    flag = GObject.Property(type=bool, default=False)


def test_property_bindings_both_ways(repo: mvvm_seeds.Repository) -> None:
    detail = mvvm_seeds.UserDetail(repo, 1)
    detail.draft_name = "Ada"
    entry, label, flag = Widget(), Widget(), Widget()
    both = mvvm_gtk.bind_property(detail, "draft-name", entry, "text", bidirectional=True)
    mvvm_gtk.bind_property(detail, "draft_name", label, "text")
    inverted = mvvm_gtk.bind_property(detail, "is-saving", flag, "flag", invert=True)
    assert entry.props.text == label.props.text == "Ada"  # at once
    assert flag.props.flag is True  # not saving
    entry.props.text = "Grace"  # the widget -> the ViewModel -> the other widget
    assert detail.draft_name == "Grace" and label.props.text == "Grace"
    detail.draft_name = "Lin"
    assert entry.props.text == "Lin"
    with pytest.raises(ValueError, match="not settable"):
        mvvm_gtk.bind_property(detail, "is-dirty", flag, "flag", bidirectional=True)
    with pytest.raises(ValueError, match="no property 'nope'"):
        mvvm_gtk.bind_property(detail, "draft-name", entry, "nope")
    before = mvvm.live_callbacks()
    both.unbind()
    assert mvvm.live_callbacks() == before - 1 and not both.bound
    entry.props.text = "unbound"
    assert detail.draft_name == "Lin"
    detail.close()  # the object goes: the others end too
    assert not inverted.bound


def test_command_binding(runtime: mvvm.Runtime) -> None:
    class Button(GObject.Object):
        __gtype_name__ = "MvvmTestButton"
        __gsignals__ = {"clicked": (GObject.SignalFlags.RUN_FIRST, None, ())}

    ints = mvvm_seeds.SortedIntegers([], seed=1)
    button = Button()
    binding = mvvm_gtk.bind_command(ints, "add-new-integer", button)
    button.emit("clicked")
    button.emit("clicked")
    assert ints.count == 2
    with pytest.raises(ValueError, match="takes arguments"):
        mvvm_gtk.bind_command(ints, "remove-at", button)
    ints.close()
    with pytest.warns(UserWarning, match="add-new-integer"):
        button.emit("clicked")  # the object is gone: a warning, not an exception into GTK
    binding.unbind()

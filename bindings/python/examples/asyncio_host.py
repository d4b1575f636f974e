#!/usr/bin/env python3
"""A terminal host on asyncio: list -> detail -> rename -> save -> back, then the stopwatch.

Run:  MVVM_LIBRARY=/path/to/libmvvm.so python3 examples/asyncio_host.py
(without MVVM_LIBRARY the package looks next to itself, then in the repository's .build).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Callable

try:
    import mvvm
except ImportError:  # running from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import mvvm
import mvvm_seeds


async def until(predicate: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


async def main() -> int:
    with mvvm.Runtime() as runtime, mvvm.asyncio_attach(runtime):
        repo = mvvm_seeds.Repository.sample(runtime, latency_ms=30, seed=1)
        coordinator = mvvm_seeds.Coordinator(repo)
        screens: list[mvvm.MvvmObject] = []

        def on_navigate(action: mvvm_seeds.Navigation, screen: mvvm.MvvmObject) -> None:
            print(f"navigate: {action.name} {type(screen).__name__}")
            if action is mvvm_seeds.Navigation.PUSH:
                screens.append(screen)
            else:
                screens.remove(screen)

        coordinator.connect("navigate", on_navigate)
        coordinator.start()

        users = screens[-1]
        assert isinstance(users, mvvm_seeds.UserList)
        users.connect("notify::loading", lambda v: print(f"list loading: {v.name}"))
        users.connect(
            "rows-changed",
            lambda changes: print(
                "list rows: " + ", ".join(f"{c.kind.name} {c.start}+{c.count}" for c in changes)
            ),
        )
        users.on_appear()
        await until(lambda: users.count > 0, "the first page")
        for user in users.rows[:3]:
            print(f"  #{user.id} {user.name} <{user.email}>")

        users.did_select_row(1)
        detail = screens[-1]
        assert isinstance(detail, mvvm_seeds.UserDetail)
        detail.connect("notify::user", lambda u: print(f"detail user: {u}"))
        detail.connect("notify::can-save", lambda v: print(f"detail can-save: {v}"))
        detail.connect("notify::is-saving", lambda v: print(f"detail saving: {v}"))
        detail.connect("did-save", lambda u: print(f"did-save: {u.name}"))
        detail.on_appear()
        await until(lambda: detail.user is not None, "the user")
        detail.draft_name = "Grace Renamed"
        detail.save()
        await until(lambda: coordinator.depth == 1, "the pop back to the list")
        print(f"list row 1 is now: {users.rows[1].name}")
        assert users.rows[1].name == "Grace Renamed"

        stopwatch = mvvm_seeds.Stopwatch(runtime)
        ticks: list[str] = []
        stopwatch.connect("notify::elapsed-text", ticks.append)
        stopwatch.connect("notify::button-text", lambda t: print(f"stopwatch button: {t}"))
        stopwatch.connect(
            "laps-changed", lambda ch: print(f"stopwatch laps: {[c.kind.name for c in ch]}")
        )
        stopwatch.button_tapped()
        await until(lambda: len(ticks) >= 10, "ten ticks")
        stopwatch.lap()
        await asyncio.sleep(0.05)
        stopwatch.button_tapped()
        print(f"stopwatch: {stopwatch.elapsed_text}, laps {list(stopwatch.laps)}, ticks seen {len(ticks)}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

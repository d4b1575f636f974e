#!/usr/bin/env python3
"""python_soak.py: create, connect, command and destroy every ViewModel type through the
Python package, over and over, watching resident memory.

    python3 Tests/Reliability/python_soak.py [--cycles N (default 100000)] [--library PATH]

Each cycle makes one object (the types in turn: user list, user detail, post detail, sorted
integers, stopwatch, user search, coordinator; over a sample repository, a new one every
REPOSITORY_EVERY cycles), connects one to three Python handlers (the type's signals in turn,
so every signal gets connected), runs a command that makes it signal at once and sometimes
one that starts work (a load, a search's debounce, a stopwatch tick), disconnects one
handler, then destroys it: by close() on even cycles, by dropping the last reference
(garbage collection of the wrapper) on odd ones. The runtime dispatches every DISPATCH_EVERY
cycles, so loads land (on destroyed lists too) and handlers run.

Memory: VmRSS after a warm-up of 10% of the cycles and at the end, both after dispatching
and a gc.collect(). Growth is allowed up to the larger of 5% of the warm RSS and 8 MiB,
soak.c's rule (malloc arenas and the Swift runtime's caches settle slowly; a leak of a few
dozen bytes per object or connection is several MiB over 100,000 cycles, and a leaked
wrapper or ctypes thunk is far more). Also checks that no callback is still registered
(mvvm.live_callbacks()) once every object is gone, and that every connection ended.

Prints "bench python_soak_rss_start N KiB", "bench python_soak_rss_end N KiB", the growth,
the cycles per second and the seconds; exit status 0 when all is well.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
KINDS = ("UserList", "UserDetail", "PostDetail", "SortedIntegers", "Stopwatch", "UserSearch", "Coordinator")
DISPATCH_EVERY = 16
REPOSITORY_EVERY = 500
GROWTH_PERCENT = 5
GROWTH_MIN_KIB = 8 * 1024


def rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit("python_soak: cannot read VmRSS")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=100_000)
    parser.add_argument("--library", help="libmvvm.so to load (default: MVVM_LIBRARY, else the package's search)")
    args = parser.parse_args()
    if args.library:
        os.environ["MVVM_LIBRARY"] = args.library
    sys.path.insert(0, str(REPO / "bindings" / "python"))  # the package from this checkout
    import mvvm
    import mvvm_seeds

    cycles = max(args.cycles, 100)
    warmup = cycles // 10
    connections: list[mvvm.Connection] = []  # every connection made, to check they all ended
    calls = [0]

    def handler(*values: object) -> None:
        calls[0] += 1

    runtime = mvvm.Runtime()
    repo = mvvm_seeds.Repository.sample(runtime, user_count=200, post_count=5, latency_ms=0)
    signals = {kind: sorted(getattr(mvvm, kind).signals) for kind in KINDS}
    next_signal = dict.fromkeys(KINDS, 0)
    warm_kib = 0
    start = time.monotonic()

    def poke(obj: mvvm.MvvmObject, kind: str, cycle: int) -> None:
        """A command that signals at once, and on some cycles one that starts work."""
        busy = cycle % 5 == 0
        if isinstance(obj, mvvm_seeds.UserList):
            obj.on_appear() if busy else obj.dismiss_error()
        elif isinstance(obj, mvvm_seeds.UserDetail):
            obj.draft_name = f"Name {cycle}"
            if busy:
                obj.on_appear()
        elif isinstance(obj, mvvm_seeds.PostDetail):
            obj.on_appear()
        elif isinstance(obj, mvvm_seeds.SortedIntegers):
            obj.add(cycle % 17)
            obj.add_new_integer()
            obj.remove_at(0)
        elif isinstance(obj, mvvm_seeds.Stopwatch):
            obj.button_tapped()
            obj.lap()
            if not busy:
                obj.button_tapped()
        elif isinstance(obj, mvvm_seeds.UserSearch):
            obj.query = "an" if busy else f"q{cycle}"
        elif isinstance(obj, mvvm_seeds.Coordinator):
            obj.start()
            obj.show_search()
            obj.back()

    for cycle in range(cycles):
        if cycle == warmup:
            runtime.run(0)
            gc.collect()
            warm_kib = rss_kib()
            warm_at = time.monotonic()
        if cycle % REPOSITORY_EVERY == REPOSITORY_EVERY - 1:
            repo = mvvm_seeds.Repository.sample(runtime, user_count=200, post_count=5, latency_ms=0, seed=cycle)
        kind = KINDS[cycle % len(KINDS)]
        obj: mvvm.MvvmObject
        if kind == "UserList":
            obj = mvvm_seeds.UserList(repo)
        elif kind == "UserDetail":
            obj = mvvm_seeds.UserDetail(repo, 1 + cycle % 200)
        elif kind == "PostDetail":
            obj = mvvm_seeds.PostDetail(repo, 1 + cycle % 5)
        elif kind == "SortedIntegers":
            obj = mvvm_seeds.SortedIntegers([5, 3, 8], seed=cycle, runtime=runtime)
        elif kind == "Stopwatch":
            obj = mvvm_seeds.Stopwatch(runtime)
        elif kind == "UserSearch":
            obj = mvvm_seeds.UserSearch(repo)
        else:
            obj = mvvm_seeds.Coordinator(repo)
        made = []
        for _ in range(1 + cycle % 3):
            names = signals[kind]
            name = names[next_signal[kind] % len(names)]
            next_signal[kind] += 1
            made.append(obj.connect(name, handler))
        poke(obj, kind, cycle)
        made[0].disconnect()
        if cycle % 1000 == 0:  # a sample: a Connection keeps its ctypes thunk, so holding all would grow memory
            connections.extend(made)
        if cycle % 2 == 0:
            obj.close()
        del obj, made  # odd cycles: the wrapper's collection destroys the object
        if cycle % DISPATCH_EVERY == 0:
            runtime.run(0)

    runtime.run(0.05)
    gc.collect()
    end_kib = rss_kib()
    elapsed = time.monotonic() - start
    measured = time.monotonic() - warm_at
    growth = end_kib - warm_kib
    allowed = max(warm_kib * GROWTH_PERCENT // 100, GROWTH_MIN_KIB)
    live = mvvm.live_callbacks()
    still_connected = sum(1 for c in connections if c.connected)
    runtime.shutdown()

    print(f"bench python_soak_cycles {cycles} cycles")
    print(f"bench python_soak_handler_calls {calls[0]} calls")
    print(f"bench python_soak_rss_start {warm_kib} KiB")
    print(f"bench python_soak_rss_end {end_kib} KiB")
    print(f"bench python_soak_rss_growth {growth} KiB (allowed {allowed}) over {cycles - warmup} cycles after warm-up")
    print(f"bench python_soak_cycles_per_second {(cycles - warmup) / measured:.0f} cycles/s")
    print(f"bench python_soak_seconds {elapsed:.1f} s")
    ok = True
    if growth > allowed:
        print(f"python_soak: FAIL resident memory grew by {growth} KiB (allowed {allowed})")
        ok = False
    if live:
        print(f"python_soak: FAIL {live} callbacks still registered with every object gone")
        ok = False
    if still_connected:
        print(f"python_soak: FAIL {still_connected} connections still connected with their objects gone")
        ok = False
    if calls[0] == 0:
        print("python_soak: FAIL no handler ever ran")
        ok = False
    print("python_soak: OK" if ok else "python_soak: FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

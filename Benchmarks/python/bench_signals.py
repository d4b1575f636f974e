"""Python-side benchmarks, each beside its reference in the same run.

1. A command called from Python whose change reaches a Python handler:
   `UserDetail.set_draft_name` with a `notify::draft-name` handler, per call, beside
   PyGObject setting a string property with one `notify::` handler, and beside a bare ctypes
   round trip (Python -> C -> Python callback through libc's qsort on two elements: the floor
   any C-callback binding pays).
2. `import mvvm` + runtime start, beside `from gi.repository import GObject`, each in a fresh
   interpreter (wall time of the whole process, so interpreter start is in both).

Runs under Debian's /usr/bin/python3, where python3-gi lives; mvvm is pure Python + ctypes
and is imported from bindings/python. Prints `bench <name> <value> <unit>` and
`ratio <name> <value>` (ours / reference), medians of several runs.
"""
from __future__ import annotations

import ctypes
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGE_DIR = os.path.join(ROOT, "bindings", "python")
sys.path.insert(0, PACKAGE_DIR)

import gi  # noqa: E402

gi.require_version("GObject", "2.0")
from gi.repository import GObject  # noqa: E402

import mvvm  # noqa: E402

CALLS = 20_000
RUNS = 7
NAMES = ("Ada", "Bob")


def median_us_per_call(body) -> float:
    body(CALLS // 10)  # warm-up
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter_ns()
        body(CALLS)
        samples.append((time.perf_counter_ns() - start) / CALLS / 1000)
    return statistics.median(samples)


def report(name: str, value: float, unit: str) -> None:
    print(f"bench {name} {value:.3f} {unit}")


def ratio(name: str, ours: float, reference: float) -> None:
    print(f"ratio {name} {ours / reference:.3f}")


def mvvm_command_to_handler() -> float:
    with mvvm.Runtime() as runtime:
        repository = mvvm.Repository.sample(runtime)
        detail = mvvm.UserDetail(repository, 1)
        loaded = []
        detail.connect("notify::user", lambda user: loaded.append(user))
        detail.on_appear()
        runtime.run_until(lambda: bool(loaded), 5.0)
        received = []
        detail.connect("notify::draft-name", received.append)

        def body(count: int) -> None:
            received.clear()
            for i in range(count):
                detail.set_draft_name(NAMES[i & 1])
            assert len(received) == count, (len(received), count)

        result = median_us_per_call(body)
        detail.close()
        return result


class Person(GObject.Object):
    name = GObject.Property(type=str, default="")


def gobject_property_to_handler() -> float:
    person = Person()
    received = []
    person.connect("notify::name", lambda obj, spec: received.append(obj.props.name))

    def body(count: int) -> None:
        received.clear()
        for i in range(count):
            person.props.name = NAMES[i & 1]
        assert len(received) == count

    return median_us_per_call(body)


def bare_ctypes_round_trip() -> float:
    libc = ctypes.CDLL(None)
    compare_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
    calls = [0]

    def compare(a: int, b: int) -> int:
        calls[0] += 1
        return 0

    comparator = compare_type(compare)
    pair = (ctypes.c_int * 2)(2, 1)
    qsort = libc.qsort
    qsort.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, compare_type]
    qsort.restype = None

    def body(count: int) -> None:
        for _ in range(count):
            qsort(pair, 2, 4, comparator)

    result = median_us_per_call(body)
    assert calls[0] > 0
    return result


def startup_seconds(code: str, runs: int = 7) -> float:
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    ours = mvvm_command_to_handler()
    gobject = gobject_property_to_handler()
    floor = bare_ctypes_round_trip()
    report("python_command_to_handler_mvvm", ours, "us/call")
    report("python_property_to_handler_pygobject", gobject, "us/call")
    report("python_bare_ctypes_round_trip", floor, "us/call")
    ratio("python_command_to_handler_vs_pygobject", ours, gobject)
    ratio("python_command_to_handler_vs_ctypes_floor", ours, floor)

    empty = startup_seconds("pass")
    ours_start = startup_seconds("import mvvm; mvvm.Runtime().shutdown()")
    gi_start = startup_seconds("from gi.repository import GObject")
    report("python_start_empty_interpreter", empty * 1000, "ms")
    report("python_import_mvvm_and_runtime_start", ours_start * 1000, "ms")
    report("python_import_gi_gobject", gi_start * 1000, "ms")
    ratio("python_import_and_start", ours_start, gi_start)


if __name__ == "__main__":
    main()

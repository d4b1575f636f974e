"""Python-side benchmarks, each beside its reference in the same run.

1. A command called from Python whose change reaches a Python handler:
   `UserDetail.set_draft_name` with a `notify::draft-name` handler, per call, beside
   PyGObject setting a string property with one `notify::` handler, and beside a bare ctypes
   round trip (Python -> C -> Python callback through libc's qsort on two elements: the floor
   any C-callback binding pays).
2. `import mvvm` + runtime start, beside `from gi.repository import GObject`, each in a fresh
   interpreter (wall time of the whole process, so interpreter start is in both).
3. When `make wheel` has written a wheel (dist/mvvm-<version>-py3-none-*.whl; `make bench`
   builds it): the same start from that wheel installed into a venv of this interpreter
   (.build/bench-wheel-venv), run from a temporary folder without MVVM_LIBRARY or PYTHONPATH:
   the shipped, self-contained library inside the package, as a user gets it (the issue's
   figure, goal <= 0.5 of gi's). Each start ratio is also given beyond the interpreter's own
   start (the empty interpreter's median taken off both sides), which is what the packages
   themselves cost.

Runs under Debian's /usr/bin/python3, where python3-gi lives; mvvm is pure Python + ctypes
and is imported from bindings/python. Prints `bench <name> <value> <unit>` (the median of
several runs) and `ratio <name> <value>` (ours / reference: the median of the rounds' ratios).

Fairness: the machine's speed changes under other jobs (by up to 2x, for seconds), so the
compared sides are sampled in turns, one sample of each per round, and a ratio is the median
of the rounds' ratios: both sides of a ratio come from the same moment. (Measuring all of
ours and then all of the reference put each side in whatever phase it happened to meet.)
And mvvm's bytecode is compiled first, as for an installed package and as gi's and the
standard library's are: under PYTHONDONTWRITEBYTECODE=1 every fresh interpreter would
otherwise compile mvvm from source.
"""
from __future__ import annotations

import compileall
import ctypes
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGE_DIR = os.path.join(ROOT, "bindings", "python")
sys.path.insert(0, PACKAGE_DIR)

import gi  # noqa: E402

gi.require_version("GObject", "2.0")
from gi.repository import GObject  # noqa: E402

import mvvm  # noqa: E402
import mvvm_seeds  # noqa: E402

CALLS = 20_000
RUNS = 7
NAMES = ("Ada", "Bob")


def us_per_call_samples(bodies: dict) -> dict:
    """Microseconds per call of each body, RUNS samples each, taken in rounds (one sample of
    every body per round)."""
    for body in bodies.values():
        body(CALLS // 10)  # warm-up
    samples = {name: [] for name in bodies}
    for _ in range(RUNS):
        for name, body in bodies.items():
            start = time.perf_counter_ns()
            body(CALLS)
            samples[name].append((time.perf_counter_ns() - start) / CALLS / 1000)
    return samples


def report(name: str, samples: list, unit: str) -> None:
    print(f"bench {name} {statistics.median(samples):.3f} {unit}")


def ratio(name: str, ours: list, reference: list) -> None:
    """The median of the rounds' ratios (sample i of both sides is from round i)."""
    print(f"ratio {name} {statistics.median(o / r for o, r in zip(ours, reference)):.3f}")


def mvvm_command_to_handler():
    """The body and the cleanup of the mvvm side."""
    runtime = mvvm.Runtime()
    repository = mvvm_seeds.Repository.sample(runtime)
    detail = mvvm_seeds.UserDetail(repository, 1)
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

    def close() -> None:
        detail.close()
        runtime.shutdown()

    return body, close


class Person(GObject.Object):
    name = GObject.Property(type=str, default="")


def gobject_property_to_handler():
    person = Person()
    received = []
    person.connect("notify::name", lambda obj, spec: received.append(obj.props.name))

    def body(count: int) -> None:
        received.clear()
        for i in range(count):
            person.props.name = NAMES[i & 1]
        assert len(received) == count

    return body


def bare_ctypes_round_trip():
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
        calls[0] = 0
        for _ in range(count):
            qsort(pair, 2, 4, comparator)
        assert calls[0] > 0

    return body


def startup_ms_samples(codes: dict, runs: int = 7, wheel_python: str | None = None) -> dict:
    """Wall time in ms of a fresh interpreter running each code, `runs` samples each, the
    codes run in turns after one discarded round (disk cache). A code named "wheel" runs
    under `wheel_python` (the venv holding the installed wheel), from a temporary folder,
    without PYTHONPATH or MVVM_LIBRARY."""
    compileall.compile_dir(os.path.join(PACKAGE_DIR, "mvvm"), quiet=1)
    compileall.compile_dir(os.path.join(PACKAGE_DIR, "mvvm_seeds"), quiet=1)
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
    wheel_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MVVM_LIBRARY")}
    samples = {name: [] for name in codes}
    with tempfile.TemporaryDirectory() as outside:
        for round_ in range(runs + 1):
            for name, code in codes.items():
                if name == "wheel":
                    argv, run_env, cwd = [wheel_python, "-c", code], wheel_env, outside
                else:
                    argv, run_env, cwd = [sys.executable, "-c", code], env, None
                start = time.perf_counter()
                subprocess.run(argv, check=True, env=run_env, cwd=cwd)
                if round_:
                    samples[name].append((time.perf_counter() - start) * 1000)
    return samples


def installed_wheel_python() -> str | None:
    """The python of a venv holding dist's newest mvvm wheel (installed once per wheel, from
    the file: no network), or None when there is no wheel or no venv can be made."""
    wheels = sorted(glob.glob(os.path.join(ROOT, "dist", "mvvm-*-py3-none-*.whl")), key=os.path.getmtime)
    if not wheels:
        return None
    wheel = wheels[-1]
    venv = os.path.join(ROOT, ".build", "bench-wheel-venv")
    python = os.path.join(venv, "bin", "python")
    stamp = os.path.join(venv, "installed-wheel")
    key = f"{wheel} {os.path.getmtime(wheel)}"
    try:
        with open(stamp) as file:
            if file.read() == key and os.path.exists(python):
                return python
    except OSError:
        pass
    try:
        subprocess.run([sys.executable, "-m", "venv", "--clear", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps",
                        "--disable-pip-version-check", wheel], check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"bench: no start-up figure from the wheel ({wheel}): {exc}", file=sys.stderr)
        return None
    with open(stamp, "w") as file:
        file.write(key)
    return python


def ratio_beyond(name: str, ours: list, reference: list, empty: list) -> None:
    """ratio() with the empty interpreter's time of the same round taken off both sides."""
    pairs = [(o - e, r - e) for o, r, e in zip(ours, reference, empty) if r > e]
    if pairs:
        print(f"ratio {name} {statistics.median(o / r for o, r in pairs):.3f}")


def main() -> None:
    ours_body, ours_close = mvvm_command_to_handler()
    per_call = us_per_call_samples(
        {"ours": ours_body, "gobject": gobject_property_to_handler(), "floor": bare_ctypes_round_trip()}
    )
    ours_close()
    ours, gobject, floor = per_call["ours"], per_call["gobject"], per_call["floor"]
    report("python_command_to_handler_mvvm", ours, "us/call")
    report("python_property_to_handler_pygobject", gobject, "us/call")
    report("python_bare_ctypes_round_trip", floor, "us/call")
    ratio("python_command_to_handler_vs_pygobject", ours, gobject)
    ratio("python_command_to_handler_vs_ctypes_floor", ours, floor)

    codes = {
        "empty": "pass",
        "ours": "import mvvm; mvvm.Runtime().shutdown()",
        "gi": "from gi.repository import GObject",
    }
    wheel_python = installed_wheel_python()
    if wheel_python:
        # The library inside the installed package, and nothing else: the check fails the run.
        codes["wheel"] = (
            "import mvvm, os; r = mvvm.Runtime(); from mvvm import _ffi; "
            "assert os.path.dirname(_ffi.library_path()) == os.path.dirname(mvvm.__file__); r.shutdown()"
        )
    start = startup_ms_samples(codes, wheel_python=wheel_python)
    report("python_start_empty_interpreter", start["empty"], "ms")
    report("python_import_mvvm_and_runtime_start", start["ours"], "ms")
    report("python_import_gi_gobject", start["gi"], "ms")
    ratio("python_import_and_start", start["ours"], start["gi"])
    ratio_beyond("python_import_and_start_beyond_interpreter", start["ours"], start["gi"], start["empty"])
    if wheel_python:
        report("python_import_mvvm_and_runtime_start_installed_wheel", start["wheel"], "ms")
        ratio("python_import_and_start_installed_wheel_vs_gi", start["wheel"], start["gi"])
        ratio_beyond("python_import_and_start_installed_wheel_vs_gi_beyond_interpreter",
                     start["wheel"], start["gi"], start["empty"])


if __name__ == "__main__":
    main()

"""Runs footprint_bench (libmvvm) and footprint_bench_glib (GLib) several times each, in
alternation, and prints their medians side by side:

    bench footprint_rss_start_{mvvm,glib} KiB      VmRSS after mvvm_init() / the GMainLoop
    bench footprint_rss_first_page_{mvvm,glib} KiB after the first page / the idle callback
    bench footprint_start_to_first_page_{mvvm,glib} ms
                                                   process start (fork + exec) to its exit
                                                   right after the first page / the callback
    ratio footprint_<figure> ours / GLib's

    python3 footprint.py MVVM_BINARY GLIB_BINARY [RUNS]

With --attribute, runs one binary once and says where its resident memory is at both moments
(from /proc/self/smaps, FOOTPRINT_SMAPS): libmvvm.so's code, read-only data and written data,
libcurl and the libraries only it brings, the C and C++ runtimes, the heap and the anonymous
mappings (malloc arenas, thread stacks, the Swift runtime's allocations):

    python3 footprint.py --attribute BINARY
"""

from __future__ import annotations

import collections
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run(binary: str) -> tuple[dict[str, float], float]:
    start = time.perf_counter()
    out = subprocess.run([binary], check=True, capture_output=True, text=True).stdout
    elapsed_ms = (time.perf_counter() - start) * 1000
    figures = {name: float(value) for name, value in (line.split() for line in out.splitlines())}
    return figures, elapsed_ms


def main(mvvm: str, glib: str, runs: int) -> None:
    results: dict[str, dict[str, list[float]]] = {"mvvm": {}, "glib": {}}
    for _ in range(runs):
        for side, binary in (("mvvm", mvvm), ("glib", glib)):
            figures, elapsed = run(binary)
            figures["start_to_first_page"] = elapsed
            for name, value in figures.items():
                results[side].setdefault(name, []).append(value)
    for name, unit in (("rss_start", "KiB"), ("rss_first_page", "KiB"), ("start_to_first_page", "ms")):
        medians = {side: statistics.median(results[side][name]) for side in results}
        for side, value in medians.items():
            print(f"bench footprint_{name}_{side} {value:.0f} {unit}" if unit == "KiB"
                  else f"bench footprint_{name}_{side} {value:.2f} {unit}")
        print(f"ratio footprint_{name} {medians['mvvm'] / medians['glib']:.2f}")
    # The start-up goal's figure (issue 39): the median of each run's ratio, the two sides
    # having run back to back, so that a slow phase of the machine hits both.
    paired = [ours / theirs for ours, theirs in zip(results["mvvm"]["start_to_first_page"],
                                                     results["glib"]["start_to_first_page"])]
    print(f"ratio start_to_first_page_vs_glib {statistics.median(paired):.2f}")


def mappings(path: str) -> list[tuple[str, str, int, int]]:
    """(object name, permissions, Rss KiB, Private_Dirty KiB) of each mapping in an smaps file."""
    result: list[tuple[str, str, int, int]] = []
    for line in open(path):
        fields = line.split()
        if len(fields) >= 5 and "-" in fields[0] and ":" in fields[3]:
            name = fields[5] if len(fields) > 5 else "[anonymous]"
            result.append((name, fields[1], 0, 0))
        elif fields and fields[0] == "Rss:":
            name, permissions, _, dirty = result[-1]
            result[-1] = (name, permissions, int(fields[1]), dirty)
        elif fields and fields[0] == "Private_Dirty:":
            name, permissions, rss, _ = result[-1]
            result[-1] = (name, permissions, rss, int(fields[1]))
    return result


def libraries_of(path: str) -> set[str]:
    """The file names of the shared objects `path` loads (ldd; the files, as smaps names
    them, not their sonames), itself excluded."""
    out = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    return {os.path.basename(os.path.realpath(line.split("=>")[1].split()[0])) for line in out.splitlines()
            if "=>" in line and "/" in line.split("=>")[1]}


def group(name: str, permissions: str, curl_only: set[str]) -> str:
    base = os.path.basename(name)
    if base == "libmvvm.so":
        return {"r-xp": "libmvvm.so code", "r--p": "libmvvm.so read-only data, relocations",
                "rw-p": "libmvvm.so written data (relocated, .data, .bss)"}.get(permissions, "libmvvm.so " + permissions)
    if base.startswith(("libc.so", "libm.so", "ld-linux")):
        return "libc, libm, ld.so"
    if base.startswith(("libstdc++", "libgcc_s")):
        return "libstdc++, libgcc_s (the Swift runtime's C++)"
    if base.startswith(("libsqlite3", "libffi")):
        return "libsqlite3, libffi"
    if base in curl_only:
        return "libcurl and the libraries only it loads"
    if name == "[heap]":
        return "heap (brk)"
    if name == "[anonymous]":
        return "anonymous (malloc arenas, thread stacks, Swift runtime)"
    if name == "[stack]":
        return "main thread's stack"
    return "other: " + base


def attribute(binary: str) -> None:
    curl = "/usr/lib/x86_64-linux-gnu/libcurl.so.4"
    others = set()
    for library in ("libsqlite3.so.0", "libffi.so.8", "libstdc++.so.6"):
        others |= libraries_of("/usr/lib/x86_64-linux-gnu/" + library)
    curl_only = ({os.path.basename(os.path.realpath(curl))} | libraries_of(curl)) - others if os.path.exists(curl) else set()
    # A file written moments ago (a fresh build) has dirty page-cache pages, which smaps counts
    # as Private_Dirty in every mapping of it until they are written back.
    os.sync()
    with tempfile.TemporaryDirectory() as folder:
        prefix = os.path.join(folder, "smaps")
        subprocess.run([binary], check=True, capture_output=True, env=dict(os.environ, FOOTPRINT_SMAPS=prefix))
        for moment in ("start", "first_page"):
            totals: collections.Counter[str] = collections.Counter()
            dirty: collections.Counter[str] = collections.Counter()
            for name, permissions, rss, private_dirty in mappings(f"{prefix}.{moment}"):
                totals[group(name, permissions, curl_only)] += rss
                dirty[group(name, permissions, curl_only)] += private_dirty
            print(f"{moment}: {sum(totals.values())} KiB resident, {sum(dirty.values())} KiB of it private dirty"
                  " (the rest are file pages another process mapping the same files shares)")
            for what, kib in totals.most_common():
                if kib:
                    print(f"  {kib:6d} KiB ({dirty[what]:5d} private dirty)  {what}")


if __name__ == "__main__":
    if sys.argv[1] == "--attribute":
        attribute(sys.argv[2])
    else:
        main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 9)

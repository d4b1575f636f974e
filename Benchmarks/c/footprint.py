"""Runs footprint_bench (libmvvm) and footprint_bench_glib (GLib) several times each, in
alternation, and prints their medians side by side:

    bench footprint_rss_start_{mvvm,glib} KiB      VmRSS after mvvm_init() / the GMainLoop
    bench footprint_rss_first_page_{mvvm,glib} KiB after the first page / the idle callback
    bench footprint_start_to_first_page_{mvvm,glib} ms
                                                   process start (fork + exec) to its exit
                                                   right after the first page / the callback
    ratio footprint_<figure> ours / GLib's

    python3 footprint.py MVVM_BINARY GLIB_BINARY [RUNS]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
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


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 9)

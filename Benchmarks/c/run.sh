#!/bin/sh
# Builds and runs the C signal benchmark and the end-to-end latency benchmark (e2e_bench.c)
# (libmvvm beside GObject / GLib, same process run), the store benchmark (store_bench.c:
# the SQLite store at 1K / 100K / 1M users beside the JSON store; STORE_BENCH_MAX_USERS
# lowers the largest size) and the HTTP page load beside libcurl (http_bench.c).
#
#   MVVM_LIB_DIR=/path/to/dir/with/libmvvm.so Benchmarks/c/run.sh
#
# MVVM_LIB_DIR defaults to the release build of the package (.build/release); CC to the Swift
# toolchain's clang (scripts/env.sh). Needs libglib2.0-dev (`make deps`). Prints
# `bench <name> <value> <unit>` and `ratio <name> <value>` lines (ours / reference).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
MVVM_ROOT=$ROOT
# shellcheck source=../../scripts/env.sh
. "$ROOT/scripts/env.sh"
LIB_DIR=${MVVM_LIB_DIR:-$ROOT/.build/release}

if [ ! -e "$LIB_DIR/libmvvm.so" ]; then
    echo "run.sh: no libmvvm.so in $LIB_DIR (set MVVM_LIB_DIR, or build it: swift build -c release --product mvvm)" >&2
    exit 1
fi

mvvm_require_deps libglib2.0-dev

[ -n "${CC:-}" ] || mvvm_require_toolchain CLANG
CC=${CC:-$CLANG}
OUT_DIR=$(mktemp -d)
trap 'rm -rf "$OUT_DIR"' EXIT INT TERM

# shellcheck disable=SC2046,SC2086 # pkg-config output and the shared flags split into words
"$CC" $MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" "$HERE/signal_bench.c" \
    $(pkg-config --cflags --libs gobject-2.0) \
    -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -lpthread -o "$OUT_DIR/signal_bench"
# End to end (background work finishing -> the host's handler): the headline latency figures;
# signal_bench's wakeup_* figures stay as the floor (poll() returning, before any Swift work).
# shellcheck disable=SC2046,SC2086
"$CC" $MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" "$HERE/e2e_bench.c" \
    $(pkg-config --cflags --libs gio-2.0 gobject-2.0) \
    -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -lpthread -o "$OUT_DIR/e2e_bench"

"$OUT_DIR/signal_bench"
# A user's ViewModel beside the same references: signal_bench built against Examples/Notes'
# shipped libnotes.so (NOTES_LIB_DIR; `make bench` runs the example's `make ship`), measuring
# NoteEditor's typed setter as figures 1-5 measure UserDetail's (names "note_editor_*").
NOTES_LIB_DIR=${NOTES_LIB_DIR:-$ROOT/Examples/Notes/ship/lib}
if [ -e "$NOTES_LIB_DIR/libnotes.so" ]; then
    # shellcheck disable=SC2046,SC2086
    "$CC" $MVVM_C_WARN -O2 -DBENCH_NOTES -I"$MVVM_INCLUDE_DIR" -I"$ROOT/Examples/Notes/Include" "$HERE/signal_bench.c" \
        $(pkg-config --cflags --libs gobject-2.0) \
        -L"$NOTES_LIB_DIR" -lnotes -Wl,-rpath,"$NOTES_LIB_DIR" -lpthread -o "$OUT_DIR/note_editor_bench"
    "$OUT_DIR/note_editor_bench"
else
    echo "run.sh: no libnotes.so in $NOTES_LIB_DIR (make -C Examples/Notes ship): the note_editor_* lines are skipped" >&2
fi
"$OUT_DIR/e2e_bench" | tee "$OUT_DIR/e2e_main.txt"
# Again with the host thread on a worker (mvvm_init_with_options()), and each libmvvm median
# beside the default mode's: the non-main mode over the main-thread mode, goal <= 1.1.
"$OUT_DIR/e2e_bench" --worker | tee "$OUT_DIR/e2e_worker.txt"
awk '$1 == "bench" && $2 ~ /_median(_overshoot)?_mvvm$/ {
         name = $2; sub(/^e2e_/, "", name); sub(/_mvvm$/, "", name)
         if (FILENAME ~ /e2e_main/) main[name] = $3
         else if (name ~ /^worker_/) { sub(/^worker_/, "", name); worker[name] = $3 }
     }
     END { for (name in main) if (name in worker && main[name] > 0)
               printf "ratio e2e_worker_vs_main_%s %.3f\n", name, worker[name] / main[name] }' \
    "$OUT_DIR/e2e_main.txt" "$OUT_DIR/e2e_worker.txt"
# The stores at growing sizes: open + first page, a user near the end, a save (store_bench.c).
# shellcheck disable=SC2086
"$CC" $MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" "$HERE/store_bench.c" \
    -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -o "$OUT_DIR/store_bench"
"$OUT_DIR/store_bench" "${STORE_BENCH_MAX_USERS:-1000000}"
# One page of users over HTTP: libmvvm's HTTP repository beside libcurl's easy interface on
# the same local server (Tests/Support/placeholder_server.py, needs python3 and libcurl).
mvvm_require_deps libcurl4-openssl-dev
# shellcheck disable=SC2046,SC2086
"$CC" $MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" "$HERE/http_bench.c" $(pkg-config --cflags --libs libcurl) \
    -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -o "$OUT_DIR/http_bench"
"$OUT_DIR/http_bench" "$ROOT/Tests/Support/placeholder_server.py"
# Memory: bytes per live ViewModel (0 and 3 handlers) beside a GObject with the same
# properties and handlers (memory_bench.c).
# shellcheck disable=SC2046,SC2086
"$CC" $MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" "$HERE/memory_bench.c" $(pkg-config --cflags --libs gobject-2.0) -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -o "$OUT_DIR/memory_bench" && "$OUT_DIR/memory_bench"
# Footprint: a C host's resident memory after mvvm_init() and after the first page of the
# sample user list, and the time from process start to that page, beside a GLib program of
# the same shape (a GMainLoop and one idle callback), medians of alternating runs
# (footprint_bench.c, footprint.py). Measured on the shipped library (SHIP_LIB_DIR, which
# `make bench` builds), as a host embeds it; LIB_DIR's when there is none.
FOOTPRINT_LIB_DIR=${SHIP_LIB_DIR:-$LIB_DIR}
[ -e "$FOOTPRINT_LIB_DIR/libmvvm.so" ] || FOOTPRINT_LIB_DIR=$LIB_DIR
# Linked by the library's path (it has no soname, so that path is what the host NEEDs): the
# loader opens it at once, as it finds an installed library through ld.so.cache and the GLib
# program its libraries. An -rpath to the build folder would first send it through that
# folder's 18 hardware-capability subfolders (36 failed system calls no installed host pays).
# shellcheck disable=SC2086
"$CC" $MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" "$HERE/footprint_bench.c" \
    "$FOOTPRINT_LIB_DIR/libmvvm.so" -o "$OUT_DIR/footprint_bench"
# shellcheck disable=SC2046,SC2086
"$CC" $MVVM_C_WARN -O2 -DFOOTPRINT_GLIB "$HERE/footprint_bench.c" $(pkg-config --cflags --libs glib-2.0) \
    -o "$OUT_DIR/footprint_bench_glib"
# 21 alternating pairs: the start-up ratio is the median of the pairs' ratios, and a process
# start of 1 – 2 ms swings by a third on a shared machine.
python3 "$HERE/footprint.py" "$OUT_DIR/footprint_bench" "$OUT_DIR/footprint_bench_glib" 21

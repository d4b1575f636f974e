#!/bin/sh
# Builds and runs Benchmarks/gtk/list_view_bench.c: a 10,000-row mvvm list in a GtkListView
# through the GTK adapter (libmvvm-gtk.so) beside the same rows in a plain GListStore, under
# Xvfb (xvfb-run) with GTK's cairo renderer, as `make test-gtk` runs the windows.
#
#   MVVM_LIB_DIR=/dir/with/libmvvm.so GTK_LIB_DIR=/dir/with/libmvvm-gtk.so Benchmarks/gtk/run.sh [ROUNDS]
#
# MVVM_LIB_DIR defaults to .build/release, GTK_LIB_DIR to .build/gtk (`make bench` builds
# both); CC to the Swift toolchain's clang (scripts/env.sh). Without GTK 4 or a display server
# (no xvfb-run and no DISPLAY) it prints a line saying so and succeeds.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
MVVM_ROOT=$ROOT
# shellcheck source=../../scripts/env.sh
. "$ROOT/scripts/env.sh"
LIB_DIR=${MVVM_LIB_DIR:-$ROOT/.build/release}
GTK_LIB_DIR=${GTK_LIB_DIR:-$ROOT/.build/gtk}

if ! pkg-config --exists gtk4 2>/dev/null; then
    echo "bench: gtk_list_view: skipped: GTK 4 not found (pkg-config gtk4; make deps installs libgtk-4-dev)"
    exit 0
fi
if command -v xvfb-run > /dev/null 2>&1; then
    run() { GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1024x768x24" "$@"; }
elif [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    run() { GSK_RENDERER=cairo "$@"; }
else
    echo "bench: gtk_list_view: skipped: no display server (install xvfb, or set DISPLAY)"
    exit 0
fi
for lib in "$LIB_DIR/libmvvm.so" "$GTK_LIB_DIR/libmvvm-gtk.so"; do
    [ -e "$lib" ] || { echo "run.sh: no $lib (make bench builds it)" >&2; exit 1; }
done

[ -n "${CC:-}" ] || mvvm_require_toolchain CLANG
CC=${CC:-$CLANG}
OUT_DIR=$(mktemp -d)
trap 'rm -rf "$OUT_DIR"' EXIT INT TERM
# shellcheck disable=SC2046,SC2086 # pkg-config output and the shared flags split into words
"$CC" $MVVM_C_WARN -O2 -D_POSIX_C_SOURCE=200809L -I"$MVVM_INCLUDE_DIR" -I"$ROOT/bindings/gtk" \
    "$HERE/list_view_bench.c" $(pkg-config --cflags --libs gtk4) \
    -L"$GTK_LIB_DIR" -lmvvm-gtk -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$GTK_LIB_DIR" -Wl,-rpath,"$LIB_DIR" \
    -o "$OUT_DIR/list_view_bench"
# GTK's notice that there is no session bus under xvfb-run is noise here.
status=0
run "$OUT_DIR/list_view_bench" "$@" > "$OUT_DIR/out.txt" 2>&1 || status=$?
grep -v -e 'session bus' -e '^$' "$OUT_DIR/out.txt" || true
exit $status

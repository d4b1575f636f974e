#!/bin/sh
# Builds and runs the C signal benchmark (libmvvm beside GObject / GLib, same process run).
#
#   MVVM_LIB_DIR=/path/to/dir/with/libmvvm.so Benchmarks/c/run.sh
#
# MVVM_LIB_DIR defaults to the release build of the package (.build/release). Installs
# libglib2.0-dev with apt-get when gobject-2.0 is missing (needs root). Prints
# `bench <name> <value> <unit>` and `ratio <name> <value>` lines (ours / reference).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
LIB_DIR=${MVVM_LIB_DIR:-$ROOT/.build/release}

if [ ! -e "$LIB_DIR/libmvvm.so" ]; then
    echo "run.sh: no libmvvm.so in $LIB_DIR (set MVVM_LIB_DIR, or build it: swift build -c release --product mvvm)" >&2
    exit 1
fi

if ! pkg-config --exists gobject-2.0 2>/dev/null; then
    echo "run.sh: gobject-2.0 not found; installing libglib2.0-dev" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y libglib2.0-dev >&2; then
        apt-get update >&2
        apt-get install -y libglib2.0-dev >&2
    fi
fi

CC=${CC:-$(command -v clang || command -v cc)}
OUT_DIR=$(mktemp -d)
trap 'rm -rf "$OUT_DIR"' EXIT INT TERM

# shellcheck disable=SC2046 # pkg-config output is meant to split into flags
"$CC" -std=c11 -O2 -Wall -Wextra -Werror -I"$ROOT/Include" "$HERE/signal_bench.c" \
    $(pkg-config --cflags --libs gobject-2.0) \
    -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -lpthread -o "$OUT_DIR/signal_bench"

"$OUT_DIR/signal_bench"

#!/bin/sh
# Python benchmarks beside PyGObject (Debian's python3-gi, from `make deps`).
# MVVM_LIBRARY may name the libmvvm.so to load (default: the package's own lookup).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
MVVM_ROOT=$(cd "$here/../.." && pwd)
# shellcheck source=../../scripts/env.sh
. "$MVVM_ROOT/scripts/env.sh"
mvvm_require_deps python3-gi
/usr/bin/python3 "$here/bench_signals.py"
# The ctypes floor's stand-in library (bench_e2e.py's ctypes_floor_run); without a C compiler
# that row is left out.
[ -n "${CC:-}" ] || CC=${CLANG:-cc}
floor_dir=$(mktemp -d)
trap 'rm -rf "$floor_dir"' EXIT INT TERM
if "$CC" $MVVM_C_WARN -O2 -fPIC -shared -I"$MVVM_INCLUDE_DIR" "$here/ctypes_floor.c" -o "$floor_dir/libctypes_floor.so"; then
    export BENCH_CTYPES_FLOOR="$floor_dir/libctypes_floor.so"
else
    echo "run.sh: could not build ctypes_floor.c: the python_e2e_ctypes_floor lines are left out" >&2
fi
# End to end under asyncio (a worker's answer -> a Python handler) beside PyGObject.
/usr/bin/python3 "$here/bench_e2e.py"

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
# End to end under asyncio (a worker's answer -> a Python handler) beside PyGObject.
exec /usr/bin/python3 "$here/bench_e2e.py"

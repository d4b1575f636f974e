#!/bin/sh
# Python benchmarks beside PyGObject (Debian's python3-gi, installed here when missing).
# MVVM_LIBRARY may name the libmvvm.so to load (default: the package's own lookup).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if ! /usr/bin/python3 -c "import gi" 2>/dev/null; then
    apt-get install -y -qq python3-gi >&2 || { apt-get update -qq >&2 && apt-get install -y -qq python3-gi >&2; }
fi
exec /usr/bin/python3 "$here/bench_signals.py"

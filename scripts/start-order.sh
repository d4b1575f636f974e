#!/usr/bin/env bash
# Writes bindings/c/libmvvm.order: the functions of libmvvm.so that a C host runs from
# mvvm_init() to its first page (Benchmarks/c/footprint_bench.c, the footprint benchmark's host),
# as callgrind saw them run. The shipped library's link lays them out side by side
# (lld --symbol-ordering-file, scripts/env.sh), so a host pages in fewer of the library's code
# pages. A name the build no longer has is skipped by the link, so a stale file costs memory,
# never correctness; rerun this after changes to the start path.
#
# Needs valgrind. Run by `make start-order` after `make ship-library`: the library is relinked
# from the same objects with its symbol table (--strip-debug instead of --strip-all) beside the
# shipped one, which is left as it was.
set -euo pipefail
MVVM_ROOT=$(cd "$(dirname "$0")/.." && pwd)
export MVVM_ROOT
# shellcheck source=env.sh
. "$MVVM_ROOT/scripts/env.sh"
scratch="$MVVM_ROOT/.build/ship"
shipped="$scratch/release/libmvvm.so"
out="$MVVM_ROOT/bindings/c/libmvvm.order"
work="$scratch/start-order"
command -v valgrind > /dev/null || { echo "start-order: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
[ -f "$shipped" ] || { echo "start-order: $shipped not found (make ship-library)" >&2; exit 1; }
mkdir -p "$work/lib"
cp "$shipped" "$work/shipped.so"

# Relink with symbols (the objects are the shipped build's), keep that copy, and put the
# shipped library back.
profile_flags=$(printf '%s' "$MVVM_SHIP_SWIFT_FLAGS" | sed 's/-Xlinker --strip-all/-Xlinker --strip-debug/')
rm -f "$shipped"
# shellcheck disable=SC2086 # the flags are words
"$SWIFT" build -c release --product mvvm --scratch-path "$scratch" $MVVM_SWIFT_FLAGS $profile_flags
mv "$shipped" "$work/lib/libmvvm.so"
cp -p "$work/shipped.so" "$shipped"

"$CLANG" $MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" "$MVVM_ROOT/Benchmarks/c/footprint_bench.c" \
    -L"$work/lib" -lmvvm -Wl,-rpath,"$work/lib" -o "$work/footprint_bench"
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/callgrind.out" \
    "$work/footprint_bench" > /dev/null 2> "$work/valgrind.log"
python3 "$MVVM_ROOT/scripts/callgrind_functions.py" "$work/callgrind.out" libmvvm.so > "$out.part"
mv "$out.part" "$out"
echo "start-order: $out: $(wc -l < "$out") functions"

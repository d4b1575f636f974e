#!/usr/bin/env bash
# run-data.sh SECONDS [BUILD_DIR]: fuzzes the library's data edges (files, databases, network
# bodies it reads) with one libFuzzer target per edge.
#
# THE CONVENTION (to add a target, add two things, nothing here changes):
#   Tests/Fuzz/data/<name>_fuzzer.c     a libFuzzer target (LLVMFuzzerTestOneInput; optional
#                                       LLVMFuzzerInitialize), C11, including "mvvm.h" only;
#                                       it abort()s with "INVARIANT VIOLATED ..." on a broken
#                                       rule, like api_fuzzer.c
#   Tests/Fuzz/data/corpus/<name>/      its seeds (committed; the largest seed sets the input
#                                       size limit, at least 4096 bytes)
# and optionally Tests/Fuzz/data/<name>.dict, a libFuzzer dictionary (tokens of the format).
# Each target is built like api_fuzzer.c (same flags: scripts/env.sh MVVM_FUZZ_CFLAGS) and
# linked to libmvvm, its seeds are replayed once (a seed that fails stops the run), then it
# fuzzes for SECONDS into a temporary copy of its corpus (the committed one never grows), with
# a 30 s limit per input (a hang is a failure). One line per target:
#     data-fuzz <name>: N executions in S s (R exec/s), cov C ft F, corpus K files, 0 crashes
# and, on failure, the log tail and the reproducer, kept under BUILD_DIR (replay:
# BUILD_DIR/<name>_fuzzer <file>; after the fix, add it to the target's corpus folder).
# Exit status non-zero when any target failed to build, failed a seed, crashed, violated an
# invariant, leaked or hung.
#
# The library directory (holding libmvvm.so) is $MVVM_LIB_DIR, default <repo>/.build/debug;
# `make fuzz-data` and `make test-fuzz` pass the coverage-instrumented one (.build/fuzz-lib).
# BUILD_DIR (default: a temporary directory) receives the binaries and logs. $FUZZ_DATA_ONLY
# (a space-separated list of names) limits the run to those targets.
set -uo pipefail

SECONDS_TO_RUN=${1:?usage: run-data.sh SECONDS [BUILD_DIR]}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
MVVM_ROOT=$REPO
# shellcheck source=../../scripts/env.sh
. "$REPO/scripts/env.sh"
mvvm_require_toolchain CLANG
LIB_DIR=$(cd "${MVVM_LIB_DIR:-$REPO/.build/debug}" && pwd)
[[ -f "$LIB_DIR/libmvvm.so" ]] || { echo "run-data.sh: no libmvvm.so in $LIB_DIR (build it, or set MVVM_LIB_DIR)" >&2; exit 2; }

if [[ -n "${2:-}" ]]; then
    mkdir -p "$2"
    BUILD_DIR=$(cd "$2" && pwd)
else
    BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mvvm-fuzz-data.XXXXXX")
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mvvm-fuzz-data-run.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mvvm_sanitizer_env fuzz

failed=0
fail() { # name, message: the log tail, then the target's line
    local name=$1 log=$2
    shift 2
    [[ -f "$log" ]] && grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)|NEW_FUNC|^-+$|Suppressions used|count +bytes template|formWeakReference" "$log" | tail -60 >&2
    echo "data-fuzz $name: FAILED: $*" >&2
    failed=$((failed + 1))
}

shopt -s nullglob
targets=("$HERE"/data/*_fuzzer.c)
[[ ${#targets[@]} -gt 0 ]] || { echo "run-data.sh: no targets in $HERE/data" >&2; exit 2; }
for source in "${targets[@]}"; do
    name=$(basename "$source" _fuzzer.c)
    if [[ -n "${FUZZ_DATA_ONLY:-}" && " $FUZZ_DATA_ONLY " != *" $name "* ]]; then continue; fi
    binary=$BUILD_DIR/${name}_fuzzer
    seeds=$HERE/data/corpus/$name
    # shellcheck disable=SC2086 # the shared flags split into words
    if ! "$CLANG" -fuse-ld=lld $MVVM_C_WARN -g -O1 $MVVM_FUZZ_CFLAGS -I"$MVVM_INCLUDE_DIR" "$source" \
            -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -lpthread -o "$binary" 2> "$BUILD_DIR/$name-build.log"; then
        cat "$BUILD_DIR/$name-build.log" >&2
        fail "$name" /dev/null "did not build"
        continue
    fi
    files=("$seeds"/*)
    [[ ${#files[@]} -gt 0 ]] || { fail "$name" /dev/null "no seeds in $seeds"; continue; }

    # 1. Replay every seed once.
    if ! (cd "$WORK" && "$binary" -runs=1 -timeout=30 "${files[@]}") > "$BUILD_DIR/$name-replay.log" 2>&1 \
            || ! mvvm_check_sanitizer_log "$BUILD_DIR/$name-replay.log" > /dev/null; then
        fail "$name" "$BUILD_DIR/$name-replay.log" "a seed failed (replay log: $BUILD_DIR/$name-replay.log)"
        continue
    fi

    # 2. Fuzz into a temporary copy of the seeds.
    corpus=$WORK/$name-corpus
    artifacts=$BUILD_DIR/$name-artifacts
    rm -rf "$corpus" "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    cp "${files[@]}" "$corpus/"
    log=$BUILD_DIR/$name-fuzz.log
    dict=()
    [[ -f "$HERE/data/$name.dict" ]] && dict=(-dict="$HERE/data/$name.dict")
    start=$(date +%s)
    (cd "$WORK" && "$binary" -max_total_time="$SECONDS_TO_RUN" -timeout=30 -detect_leaks=1 \
        -print_final_stats=1 "${dict[@]}" -artifact_prefix="$artifacts/" "$corpus") > "$log" 2>&1
    status=$?
    elapsed=$(( $(date +%s) - start ))
    execs=$(sed -n 's/^stat::number_of_executed_units:[[:space:]]*//p' "$log" | tail -1)
    execs=${execs:-0}
    rate=$(( elapsed > 0 ? execs / elapsed : execs ))
    last=$(grep -aoE "cov: [0-9]+ ft: [0-9]+" "$log" | tail -1)
    crashes=$(find "$artifacts" -type f | wc -l)
    stats="$execs executions in $elapsed s ($rate exec/s), ${last:-cov ? ft ?}, corpus $(find "$corpus" -type f | wc -l) files"
    if [[ $status -ne 0 || $crashes -ne 0 ]] || ! mvvm_check_sanitizer_log "$log" > /dev/null; then
        for a in "$artifacts"/*; do
            echo "data-fuzz $name: reproducer $a (replay: SWIFT_BACKTRACE=enable=no $binary $a)" >&2
        done
        fail "$name" "$log" "$stats, exit $status, $(( crashes > 0 ? crashes : 1 )) crashes (log: $log)"
        continue
    fi
    echo "data-fuzz $name: $stats, 0 crashes"
done
[[ $failed -eq 0 ]]

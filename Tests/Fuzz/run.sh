#!/usr/bin/env bash
# run.sh SECONDS [BUILD_DIR]: builds the libFuzzer harness over the C API (api_fuzzer.c),
# replays every file of corpus/ and regressions/ (fails if any crashes or leaks), then fuzzes
# for SECONDS into a temporary copy of the corpus (the committed corpus never grows) and
# prints the libFuzzer stats and a final line
#     fuzz: N executions in S s, 0 crashes
# Exit status non-zero on any crash, invariant violation, leak or sanitizer report.
#
# The library directory (holding libmvvm.so) is $MVVM_LIB_DIR, default <repo>/.build/debug;
# `make fuzz` and `make test-fuzz` pass the coverage-instrumented one (.build/fuzz-lib/debug,
# `make fuzz-library`), so libFuzzer follows the Swift code's branches too.
# BUILD_DIR (default: a temporary directory) receives the fuzzer binary and the logs.
# The compiler is $CLANG, default the Swift toolchain's clang (scripts/env.sh, which also gives
# the sanitizer flags and options, and the sanitizer-report check).
set -euo pipefail

SECONDS_TO_RUN=${1:?usage: run.sh SECONDS [BUILD_DIR]}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
MVVM_ROOT=$REPO
# shellcheck source=../../scripts/env.sh
. "$REPO/scripts/env.sh"
mvvm_require_toolchain CLANG
LIB_DIR=$(cd "${MVVM_LIB_DIR:-$REPO/.build/debug}" && pwd)

if [[ -n "${2:-}" ]]; then
    BUILD_DIR=$2
    mkdir -p "$BUILD_DIR"
    BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
    CLEAN_BUILD_DIR=
else
    BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mvvm-fuzz.XXXXXX")
    CLEAN_BUILD_DIR=$BUILD_DIR
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mvvm-fuzz-run.XXXXXX")
cleanup() {
    rm -rf "$WORK"
    if [[ -n "$CLEAN_BUILD_DIR" ]]; then rm -rf "$CLEAN_BUILD_DIR"; fi
}
trap cleanup EXIT

[[ -f "$LIB_DIR/libmvvm.so" ]] || { echo "run.sh: no libmvvm.so in $LIB_DIR (build it, or set MVVM_LIB_DIR)" >&2; exit 2; }

FUZZER=$BUILD_DIR/api_fuzzer
FUZZER_NAME="SWIFT_BACKTRACE=enable=no api_fuzzer"
echo "fuzz: building $FUZZER against $LIB_DIR/libmvvm.so"
# shellcheck disable=SC2086 # the shared flags split into words
"$CLANG" -fuse-ld=lld $MVVM_C_WARN -g -O1 \
    $MVVM_FUZZ_CFLAGS \
    -I"$MVVM_INCLUDE_DIR" "$HERE/api_fuzzer.c" \
    -L"$LIB_DIR" -lmvvm -Wl,-rpath,"$LIB_DIR" -lpthread -o "$FUZZER"

# The fuzzer's ASan/UBSan options (unless set by the caller), and SWIFT_BACKTRACE=enable=no:
# the Swift runtime's own crash handler fights with the sanitizers, leave crashes to them.
mvvm_sanitizer_env fuzz

# 1. Regression replay: every committed input, once each.
INPUTS=()
for dir in "$HERE/corpus" "$HERE/regressions"; do
    for f in "$dir"/*; do
        [[ -f "$f" && "$(basename "$f")" != .* ]] && INPUTS+=("$f")
    done
done
echo "fuzz: replaying ${#INPUTS[@]} corpus and regression inputs"
if ! (cd "$WORK" && "$FUZZER" -detect_leaks=1 -runs=1 "${INPUTS[@]}") >"$BUILD_DIR/replay.log" 2>&1; then
    cat "$BUILD_DIR/replay.log" >&2
    echo "fuzz: a corpus or regression input failed (log above)" >&2
    exit 1
fi
if ! mvvm_check_sanitizer_log "$BUILD_DIR/replay.log" > /dev/null; then
    cat "$BUILD_DIR/replay.log" >&2
    echo "fuzz: sanitizer report while replaying (log above)" >&2
    exit 1
fi
echo "fuzz: replay ok"

# 2. Fuzzing into a temporary copy of the corpus.
mkdir -p "$WORK/corpus" "$WORK/artifacts"
cp "$HERE/corpus/"* "$WORK/corpus/"
echo "fuzz: fuzzing for $SECONDS_TO_RUN s"
START=$(date +%s)
set +e
(cd "$WORK" && "$FUZZER" -max_total_time="$SECONDS_TO_RUN" -max_len=512 -detect_leaks=1 \
    -print_final_stats=1 -artifact_prefix="$WORK/artifacts/" "$WORK/corpus") >"$BUILD_DIR/fuzz.log" 2>&1
STATUS=$?
set -e
ELAPSED=$(( $(date +%s) - START ))

grep -E "^#[0-9]+\s+(INITED|DONE|pulse)|^stat::" "$BUILD_DIR/fuzz.log" || true
EXECS=$(sed -n 's/^stat::number_of_executed_units:[[:space:]]*//p' "$BUILD_DIR/fuzz.log" | tail -1)
if [[ -z "$EXECS" ]]; then
    EXECS=$(grep -oE "^#[0-9]+" "$BUILD_DIR/fuzz.log" | tail -1 | tr -d '#')
fi
EXECS=${EXECS:-0}
RATE=$(( ELAPSED > 0 ? EXECS / ELAPSED : EXECS ))
CRASHES=$(find "$WORK/artifacts" -type f | wc -l)
if [[ $STATUS -ne 0 || $CRASHES -ne 0 ]] || ! mvvm_check_sanitizer_log "$BUILD_DIR/fuzz.log" > /dev/null; then
    grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)|NEW_FUNC|^-+$|Suppressions used|count +bytes template|formWeakReference" "$BUILD_DIR/fuzz.log" | tail -80 >&2 || true
    KEEP=$BUILD_DIR
    if [[ -n "$CLEAN_BUILD_DIR" ]]; then
        KEEP=$(mktemp -d "${TMPDIR:-/tmp}/mvvm-fuzz-failure.XXXXXX")
        cp "$BUILD_DIR"/*.log "$KEEP"/
    fi
    for a in "$WORK/artifacts"/*; do
        [[ -f "$a" ]] || continue
        mkdir -p "$KEEP/artifacts" && cp "$a" "$KEEP/artifacts/"
        echo "fuzz: reproducer kept at $KEEP/artifacts/$(basename "$a") (replay: $FUZZER_NAME <file>; after the fix, add it to Tests/Fuzz/regressions/)" >&2
    done
    echo "fuzz: logs in $KEEP" >&2
    echo "fuzz: $EXECS executions in $ELAPSED s ($RATE exec/s), $(( CRASHES > 0 ? CRASHES : 1 )) crashes" >&2
    exit 1
fi
echo "fuzz: $EXECS executions in $ELAPSED s ($RATE exec/s)"
echo "fuzz: $EXECS executions in $ELAPSED s, 0 crashes"

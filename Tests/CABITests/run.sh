#!/usr/bin/env bash
# Builds and runs the C ABI tests: C programs compiled against Include/mvvm.h and linked to
# libmvvm.so, one program per area.
#
# Usage: Tests/CABITests/run.sh [BUILD_DIR]
#   BUILD_DIR      where the programs are built (argument, else $BUILD_DIR, else
#                  <repo>/.build/cabi-tests, or .../cabi-tests-sanitized with SANITIZE).
#   MVVM_LIB_DIR   the folder holding libmvvm.so (default <repo>/.build/debug, what
#                  `swift build --product mvvm` produces).
#   CC, CXX        compilers (default the Swift toolchain's clang, clang++, which have the
#                  sanitizer runtimes; the toolchain, flags and sanitizer options come from
#                  scripts/env.sh).
#   SANITIZE       e.g. "address,undefined": builds the programs with those sanitizers and
#                  runs them under AddressSanitizer with leak detection (lsan.supp may list leak
#                  reports of the Swift runtime, Foundation and libdispatch, never ours). To have
#                  the library's own code checked too, point MVVM_LIB_DIR at a library built with
#                  `swift build --product mvvm -Xswiftc -sanitize=address` (such a library only
#                  loads into sanitized programs).
#   CABI_HOST_THREAD  "worker": every program's main() runs on a pthread that is not the
#                  process's main thread, made the host thread by mvvm_init_with_options()
#                  (harness.h; default build folder .../cabi-tests-worker). Default "main".
#   CABI_TESTS     space-separated program names to run (default: every test_*.c here).
#   CABI_TIMEOUT   seconds a program may run before it is killed and failed (default 120).
#
# Prints each program's closing line and a total "N passed, N failed"; exits non-zero when a
# test failed, a program crashed or printed no closing line, or something did not build.
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_dir="$(cd "$script_dir/../.." && pwd)"
MVVM_ROOT="$repo_dir"
# shellcheck source=../../scripts/env.sh
. "$repo_dir/scripts/env.sh"
include_dir="$MVVM_INCLUDE_DIR"

sanitize="${SANITIZE:-}"
host_thread="${CABI_HOST_THREAD:-main}"
case "$host_thread" in
    main) host_suffix="" ;;
    worker) host_suffix="-worker" ;;
    *) echo "run.sh: CABI_HOST_THREAD must be main or worker, not $host_thread" >&2; exit 2 ;;
esac
default_build="$repo_dir/.build/cabi-tests${sanitize:+-sanitized}${host_suffix}"
build_dir="${1:-${BUILD_DIR:-$default_build}}"
lib_dir="${MVVM_LIB_DIR:-$repo_dir/.build/debug}"
# The compilers: $CC/$CXX, else the toolchain's clang and clang++.
[[ -n "${CC:-}" ]] || mvvm_require_toolchain CLANG
[[ -n "${CXX:-}" ]] || mvvm_require_toolchain CLANGXX
cc="${CC:-$CLANG}"
cxx="${CXX:-$CLANGXX}"

if [[ ! -e "$lib_dir/libmvvm.so" ]]; then
    echo "run.sh: no libmvvm.so in $lib_dir (build it with 'swift build --product mvvm', or set MVVM_LIB_DIR)" >&2
    exit 2
fi
mkdir -p "$build_dir"
build_dir="$(cd "$build_dir" && pwd)"
lib_dir="$(cd "$lib_dir" && pwd)"

# Every test_*.c next to this script is one program.
all_tests=()
for source_file in "$script_dir"/test_*.c; do
    all_tests+=("$(basename "$source_file" .c)")
done
read -r -a tests <<< "${CABI_TESTS:-${all_tests[*]}}"

# shellcheck disable=SC2206 # the shared flags split into words
cflags=($MVVM_C_WARN -g -O1 -I"$include_dir")
if [[ "$host_thread" == worker ]]; then cflags+=(-DHARNESS_HOST_THREAD_WORKER); fi
# --as-needed: a test that never calls the library directly (the dlopen one) does not
# get it loaded behind its back.
ldflags=(-L"$lib_dir" -Wl,--as-needed -lmvvm -Wl,--no-as-needed -Wl,-rpath,"$lib_dir" -lpthread -ldl)
# Prefer lld when the compiler can use it.
# shellcheck disable=SC2207
ldflags+=($(mvvm_lld_flag "$cc" "$build_dir"))
if [[ -n "$sanitize" ]]; then
    # shellcheck disable=SC2207
    cflags+=($(mvvm_sanitize_cflags "$sanitize"))
    ldflags+=(-fsanitize="$sanitize")
    mvvm_sanitizer_env c-tests
fi

failures=0

# The header must also be valid C++ (extern "C", no C-only constructs).
# shellcheck disable=SC2086
if ! "$cxx" -x c++ $MVVM_CXX_WARN -fsyntax-only -I"$include_dir" \
        "$script_dir/header_cpp_check.cpp"; then
    echo "header_cpp_check: mvvm.h does not compile as C++17" >&2
    failures=$((failures + 1))
fi

total_passed=0
total_failed=0
for name in "${tests[@]}"; do
    source_file="$script_dir/$name.c"
    program="$build_dir/$name"
    if ! "$cc" "${cflags[@]}" "$source_file" -o "$program" "${ldflags[@]}"; then
        echo "$name: did not build"
        total_failed=$((total_failed + 1))
        continue
    fi
    log="$build_dir/$name.log"
    status=0
    start=$(date +%s%N)
    # A hang (or a crash handler that never returns) is a failure, not a stuck run.
    # With the leak report on: harness_finish() fails a program that left anything unreleased.
    MVVM_DEBUG_LEAKS=1 timeout --kill-after=5 "${CABI_TIMEOUT:-120}" "$program" > "$log" 2>&1 || status=$?
    elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
    closing="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1 || true)"
    if [[ -z "$closing" ]]; then
        echo "$name: no closing line (exit status $status), output:"
        sed 's/^/    /' "$log"
        total_failed=$((total_failed + 1))
        continue
    fi
    passed="${closing%% passed*}"
    failed="${closing#*, }"
    failed="${failed%% failed}"
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
    echo "$name: $closing (${elapsed_ms} ms)"
    if [[ "$status" -ne 0 || "$failed" -ne 0 ]]; then
        # A program whose tests passed but that exited non-zero (a sanitizer report at exit,
        # a leak) counts as one more failure.
        if [[ "$failed" -eq 0 ]]; then total_failed=$((total_failed + 1)); fi
        echo "$name: exit status $status, output:"
        sed 's/^/    /' "$log"
    fi
done

echo "$total_passed passed, $((total_failed + failures)) failed"
[[ $((total_failed + failures)) -eq 0 ]]

#!/usr/bin/env bash
# Builds and runs the C ABI tests: C programs compiled against Include/mvvm.h and linked to
# libmvvm.so, one program per area.
#
# Usage: Tests/CABITests/run.sh [BUILD_DIR]
#   BUILD_DIR      where the programs are built (argument, else $BUILD_DIR, else
#                  <repo>/.build/cabi-tests, or .../cabi-tests-sanitized with SANITIZE).
#   MVVM_LIB_DIR   the folder holding libmvvm.so (default <repo>/.build/debug, what
#                  `swift build --product mvvm` produces).
#   CC, CXX        compilers (default clang, clang++; the Swift toolchain's clang has the
#                  sanitizer runtimes).
#   SANITIZE       e.g. "address,undefined": builds the programs with those sanitizers and
#                  runs them under AddressSanitizer with leak detection (lsan.supp may list leak
#                  reports of the Swift runtime, Foundation and libdispatch, never ours). To have
#                  the library's own code checked too, point MVVM_LIB_DIR at a library built with
#                  `swift build --product mvvm -Xswiftc -sanitize=address` (such a library only
#                  loads into sanitized programs).
#   CABI_TESTS     space-separated program names to run (default: every test_*.c here).
#   CABI_TIMEOUT   seconds a program may run before it is killed and failed (default 120).
#
# Prints each program's closing line and a total "N passed, N failed"; exits non-zero when a
# test failed, a program crashed or printed no closing line, or something did not build.
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_dir="$(cd "$script_dir/../.." && pwd)"
include_dir="$repo_dir/Include"

sanitize="${SANITIZE:-}"
default_build="$repo_dir/.build/cabi-tests${sanitize:+-sanitized}"
build_dir="${1:-${BUILD_DIR:-$default_build}}"
lib_dir="${MVVM_LIB_DIR:-$repo_dir/.build/debug}"
# The compilers: $CC/$CXX, else clang on PATH, else the clang shipped next to swift.
find_compiler() {
    if command -v "$1" > /dev/null 2>&1; then echo "$1"; return; fi
    local swift_path
    swift_path="$(command -v swift 2> /dev/null || true)"
    if [[ -n "$swift_path" && -x "$(dirname "$swift_path")/$1" ]]; then echo "$(dirname "$swift_path")/$1"; return; fi
    echo "$1"
}
cc="${CC:-$(find_compiler clang)}"
cxx="${CXX:-$(find_compiler clang++)}"

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

cflags=(-std=c11 -Wall -Wextra -Werror -g -O1 -I"$include_dir")
# --as-needed: a test that never calls the library directly (the dlopen one) does not
# get it loaded behind its back.
ldflags=(-L"$lib_dir" -Wl,--as-needed -lmvvm -Wl,--no-as-needed -Wl,-rpath,"$lib_dir" -lpthread -ldl)
# Prefer lld when the compiler can use it (gold, the default of some toolchains, floods the
# output with warnings about the sanitizer runtimes' local symbols).
if echo 'int main(void){return 0;}' | "$cc" -x c - -fuse-ld=lld -o "$build_dir/.probe" >/dev/null 2>&1; then
    ldflags+=(-fuse-ld=lld)
fi
rm -f "$build_dir/.probe"
if [[ -n "$sanitize" ]]; then
    cflags+=(-fsanitize="$sanitize" -fno-omit-frame-pointer -fno-sanitize-recover=all)
    ldflags+=(-fsanitize="$sanitize")
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export LSAN_OPTIONS="suppressions=$script_dir/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
fi

failures=0

# The header must also be valid C++ (extern "C", no C-only constructs).
if ! "$cxx" -x c++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I"$include_dir" \
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
    timeout --kill-after=5 "${CABI_TIMEOUT:-120}" "$program" > "$log" 2>&1 || status=$?
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

# shellcheck shell=sh
# The settings every entry point shares: the Makefile and the scripts under Tests/, Benchmarks/
# and bindings/ take the Swift toolchain, the C flags, the sanitizer flags and runtime options,
# and the sanitizer-report check from here, and nowhere else. POSIX sh (sourced by bash and sh
# scripts alike); no login shell assumed.
#
#   A script:      MVVM_ROOT=<repo>; . "$MVVM_ROOT/scripts/env.sh"
#                  (sets and exports the variables below; defines the mvvm_* functions)
#   The Makefile:  sh scripts/env.sh --print VAR   (prints one value)
#
# Toolchain. SWIFT_BIN_DIR is the folder of `swift` on PATH, else /opt/swift/usr/bin; SWIFT,
# SWIFTC, CLANG and CLANGXX are the tools in it (the toolchain's clang has the sanitizer and
# libFuzzer runtimes). Each may be set beforehand to override the discovery. When no toolchain
# is found they stay empty and MVVM_TOOLCHAIN_ERROR says why; a script that needs a tool calls
# `mvvm_require_toolchain TOOL...`, which stops it with that message.
#
# System packages are installed in one place only, scripts/deps.sh (`make deps`); a script that
# needs one calls `mvvm_require_deps PACKAGE...`, which stops it, naming `make deps`, when the
# package is missing.

# ---- The repository -------------------------------------------------------------------------
case ${0##*/} in
    env.sh) MVVM_ROOT=$(cd "$(dirname "$0")/.." && pwd) ;;  # run directly (--print)
    *)
        if [ -z "${MVVM_ROOT:-}" ]; then
            # shellcheck disable=SC3028,SC3054 # BASH_SOURCE: bash only, empty elsewhere
            if [ -n "${BASH_SOURCE:-}" ]; then
                MVVM_ROOT=$(cd "$(dirname "$BASH_SOURCE")/.." && pwd)
            else
                echo "scripts/env.sh: set MVVM_ROOT to the repository before sourcing this file" >&2
                return 1 2> /dev/null || exit 1
            fi
        fi
        ;;
esac

# ---- Toolchain discovery --------------------------------------------------------------------
MVVM_TOOLCHAIN_ERROR=
if [ -z "${SWIFT_BIN_DIR:-}" ]; then
    if mvvm_swift=$(command -v swift 2> /dev/null) && [ -n "$mvvm_swift" ]; then
        SWIFT_BIN_DIR=$(dirname "$mvvm_swift")
    elif [ -x /opt/swift/usr/bin/swift ]; then
        SWIFT_BIN_DIR=/opt/swift/usr/bin
    else
        SWIFT_BIN_DIR=
        MVVM_TOOLCHAIN_ERROR="no Swift toolchain found: swift is not on PATH and /opt/swift/usr/bin/swift does not exist (install one at /opt/swift, put its usr/bin on PATH, or set SWIFT_BIN_DIR)"
    fi
    unset mvvm_swift
fi
if [ -n "$SWIFT_BIN_DIR" ]; then
    SWIFT=${SWIFT:-$SWIFT_BIN_DIR/swift}
    SWIFTC=${SWIFTC:-$SWIFT_BIN_DIR/swiftc}
    CLANG=${CLANG:-$SWIFT_BIN_DIR/clang}
    CLANGXX=${CLANGXX:-$SWIFT_BIN_DIR/clang++}
    # Tools the toolchain runs by name (and scripts calling `swift`) find it without a login shell.
    case ":$PATH:" in
        *":$SWIFT_BIN_DIR:"*) ;;
        *) PATH="$SWIFT_BIN_DIR:$PATH" ;;
    esac
else
    SWIFT=${SWIFT:-}
    SWIFTC=${SWIFTC:-}
    CLANG=${CLANG:-}
    CLANGXX=${CLANGXX:-}
fi
export PATH SWIFT_BIN_DIR SWIFT SWIFTC CLANG CLANGXX

# MVVM_TOOLCHAIN_DIR: the folder that holds the toolchain, SWIFT_BIN_DIR without its usr/bin
# (or bin): /opt/swift here. Tests/Dist/check-dist.sh mounts an empty folder over it to prove
# the shipped artifacts run without a toolchain. For a toolchain installed into / or /usr
# (swift in /usr/bin) that would hide the system, so it is that prefix's lib/swift instead
# (where the Swift runtime libraries are).
MVVM_TOOLCHAIN_DIR=
if [ -n "$SWIFT_BIN_DIR" ]; then
    case ${SWIFT_BIN_DIR%/} in
        */usr/bin) MVVM_TOOLCHAIN_DIR=${SWIFT_BIN_DIR%/}; MVVM_TOOLCHAIN_DIR=${MVVM_TOOLCHAIN_DIR%/usr/bin} ;;
        */bin) MVVM_TOOLCHAIN_DIR=${SWIFT_BIN_DIR%/}; MVVM_TOOLCHAIN_DIR=${MVVM_TOOLCHAIN_DIR%/bin} ;;
        *) MVVM_TOOLCHAIN_DIR=$(dirname "$SWIFT_BIN_DIR") ;;
    esac
    case $MVVM_TOOLCHAIN_DIR in
        '' | / | /usr | /usr/local) MVVM_TOOLCHAIN_DIR=${MVVM_TOOLCHAIN_DIR:-/usr}; MVVM_TOOLCHAIN_DIR=${MVVM_TOOLCHAIN_DIR%/}/lib/swift ;;
    esac
fi

# mvvm_require_toolchain [TOOL...]: stops the calling script with a clear message unless each
# named tool variable (SWIFT, SWIFTC, CLANG, CLANGXX; default SWIFT SWIFTC CLANG) is runnable.
mvvm_require_toolchain() {
    [ $# -gt 0 ] || set -- SWIFT SWIFTC CLANG
    for mvvm_tool in "$@"; do
        eval "mvvm_path=\${$mvvm_tool:-}"
        if [ -z "$mvvm_path" ]; then
            echo "${0##*/}: ${MVVM_TOOLCHAIN_ERROR:-$mvvm_tool is not set}" >&2
            exit 1
        fi
        case $mvvm_path in
            */*) [ -f "$mvvm_path" ] && [ -x "$mvvm_path" ] ;;
            *) command -v "$mvvm_path" > /dev/null 2>&1 ;;
        esac || {
            echo "${0##*/}: $mvvm_tool=$mvvm_path is not an executable (toolchain: ${SWIFT_BIN_DIR:-none})" >&2
            exit 1
        }
    done
    unset mvvm_tool mvvm_path
}

# ---- Flags ----------------------------------------------------------------------------------
# Our C code (tests, hosts, benchmarks, header checks): C11, warnings are errors.
MVVM_INCLUDE_DIR="$MVVM_ROOT/Include"
MVVM_C_STD="-std=c11"
MVVM_WARNINGS="-Wall -Wextra -Werror"
MVVM_C_WARN="$MVVM_C_STD $MVVM_WARNINGS"
MVVM_CXX_WARN="-std=c++17 $MVVM_WARNINGS"
MVVM_CFLAGS="$MVVM_C_WARN -I$MVVM_INCLUDE_DIR"
# Swift builds: warnings are errors too.
MVVM_SWIFT_FLAGS="-Xswiftc -warnings-as-errors"
# A shipped library, for any app on mvvm (Examples/Notes/Makefile adds its own version script):
# a release build of the dynamic product with these flags. Benchmarks/README.md "Footprint" has
# the figures of each choice.
# - -static-stdlib links the Swift runtime, FoundationEssentials and libdispatch in (NEEDED:
#   libc, libm, and whatever system libraries the app links); --strip-all drops the symbol
#   table and debug information.
# - --disable-local-rpath: no RUNPATH $ORIGIN, which nothing needs (the libraries the library
#   loads are the system's; the wheel's auditwheel sets its own) and which made every host's
#   loader look for the first of them in the library's folder and its 18 hardware-capability
#   subfolders first (36 failed system calls per start).
# - -function-sections: our modules' functions in sections of their own, so that the linker
#   drops the unused ones and can place the ones a host's start runs side by side.
# - -disable-concrete-type-metadata-mangled-name-accessors: code that names a concrete generic
#   type (a `[UInt64: Connection]`, an `Array<Row>`) calls its metadata accessor with the
#   witness tables it already knows, instead of handing the runtime the type's mangled name;
#   by name, each first use demangles it and checks the generic requirements (`UInt64:
#   Hashable`) by scanning all 4,196 conformance records, ≈ 0.2 M instructions a scan. The
#   first page ran 3.2 M instructions of that, half of the process (6.4 M → 4.1 M); the
#   library grows by 0.06 MB.
# - scripts/static-libstdc++ first on the library path: the linker script there makes the
#   runtime's -lstdc++ link GCC's static libstdc++ and unwinder (about 1 MB less memory in
#   every host, which no longer loads libstdc++.so.6 and libgcc_s.so.1).
# - lld, the toolchain's, when it has one (gold leaves the hidden symbols in .dynsym as local
#   entries, which `nm -D` lists); with lld, relative relocations are packed (RELR, 1 MB
#   smaller, and the loader reads 1 MB less) when this machine's C library reads them
#   (glibc 2.36): like every glibc symbol version the build takes from its machine, the
#   library then needs that glibc where it runs. MVVM_SHIP_RELR=0 leaves them unpacked, for a
#   library built here to run on glibc 2.35.
MVVM_SHIP_APP_SWIFT_FLAGS="--disable-local-rpath -Xswiftc -static-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xswiftc -L$MVVM_ROOT/scripts/static-libstdc++ -Xlinker --strip-all"
if [ -n "$SWIFT_BIN_DIR" ] && [ -x "$SWIFT_BIN_DIR/ld.lld" ]; then
    MVVM_SHIP_APP_SWIFT_FLAGS="-Xswiftc -use-ld=lld $MVVM_SHIP_APP_SWIFT_FLAGS"
    mvvm_glibc=$(getconf GNU_LIBC_VERSION 2> /dev/null | sed -n 's/^glibc //p')
    if [ "${MVVM_SHIP_RELR:-1}" != 0 ] && [ -n "$mvvm_glibc" ] \
        && [ "$(printf '%s\n' 2.36 "$mvvm_glibc" | sort -V | head -n 1)" = 2.36 ]; then
        MVVM_SHIP_APP_SWIFT_FLAGS="$MVVM_SHIP_APP_SWIFT_FLAGS -Xlinker -z -Xlinker pack-relative-relocs"
    fi
    unset mvvm_glibc
fi
# libmvvm.so itself (`make ship-library`: what `make dist`, `make install` and `make wheel`
# carry, built in its own scratch folder, .build/ship, so the debug and plain release builds
# are untouched): the version script bindings/c/libmvvm.map keeps every symbol but the mvvm_
# API local; with lld, the functions a C host runs from mvvm_init() to its first page
# (bindings/c/libmvvm.order, `make start-order` writes it from a profile) are laid out
# together, so the host pages in fewer of the library's code pages (a name the build no longer
# has is skipped).
MVVM_SHIP_SWIFT_FLAGS="$MVVM_SHIP_APP_SWIFT_FLAGS -Xlinker --version-script=$MVVM_ROOT/bindings/c/libmvvm.map"
case "$MVVM_SHIP_APP_SWIFT_FLAGS" in
    *use-ld=lld*) MVVM_SHIP_SWIFT_FLAGS="$MVVM_SHIP_SWIFT_FLAGS -Xlinker --symbol-ordering-file=$MVVM_ROOT/bindings/c/libmvvm.order -Xlinker --no-warn-symbol-ordering" ;;
esac

# mvvm_lld_flag CC DIR: prints -fuse-ld=lld when CC can link with lld (probing in DIR). gold,
# the default linker of some toolchains, floods the output with warnings about the sanitizer
# runtimes' local symbols.
mvvm_lld_flag() {
    if echo 'int main(void){return 0;}' | "$1" -x c - -fuse-ld=lld -o "$2/.probe" > /dev/null 2>&1; then
        echo "-fuse-ld=lld"
    fi
    rm -f "$2/.probe"
}

# ---- Sanitizers -----------------------------------------------------------------------------
# The C ABI tests and the C hosts run under these (`make test-c-asan`, check-all).
MVVM_SANITIZE="address,undefined"
# mvvm_sanitize_cflags [SANITIZERS]: compile and link flags for SANITIZERS (default MVVM_SANITIZE).
mvvm_sanitize_cflags() {
    echo "-fsanitize=${1:-$MVVM_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all"
}
# The libFuzzer harnesses (Tests/Fuzz: api_fuzzer.c, data/*_fuzzer.c).
MVVM_FUZZ_CFLAGS="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
# The library they link (`make fuzz-library`, its own scratch folder .build/fuzz-lib; the
# normal builds are untouched): the mvvm product built with these `swift build` flags.
# -sanitize=fuzzer instruments the Swift modules for libFuzzer (8-bit edge counters, traced
# comparisons and switches, PC tables) without linking libFuzzer's main, so libFuzzer in the
# harness sees the library's branches, not only the harness's; address adds ASan's checks
# to the Swift code (the harness brings the ASan runtime). One comma-separated -sanitize=:
# `swift build --sanitize=fuzzer --sanitize=address` hands swiftc two -sanitize= options in
# a random order, and only the last one takes effect.
MVVM_FUZZ_SWIFT_FLAGS="-Xswiftc -sanitize=fuzzer,address"
# The Swift tests under ThreadSanitizer (check-all); TSan runs with its default options.
# The same flags build the library the TSan host stress links (check-all, .build/tsan-lib).
MVVM_SWIFT_TSAN_FLAGS="--sanitize=thread"

# Runtime options. lsan.supp may list leak reports of the Swift runtime, Foundation and
# libdispatch, never ours.
MVVM_ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1"
MVVM_LSAN_OPTIONS="suppressions=$MVVM_ROOT/Tests/CABITests/lsan.supp:print_suppressions=0"
MVVM_UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# libFuzzer runs a LeakSanitizer check after most inputs (the library frees some memory a
# little later, from the main queue, so mallocs outnumber frees within one input); a small
# quarantine and short allocation stacks keep those checks cheap (about 3x more exec/s).
MVVM_FUZZ_ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1:quarantine_size_mb=8:malloc_context_size=12"

# mvvm_sanitizer_env MODE: exports ASAN_OPTIONS, LSAN_OPTIONS, UBSAN_OPTIONS for
#   hosts    sanitized C programs (check-all): exactly the options above;
#   c-tests  the C ABI tests: the options above plus strict_string_checks, followed by any the
#            caller already had (a later option wins);
#   fuzz     the fuzzer: its ASan options and the UBSan options unless the caller set their
#            own; the Swift runtime's crash handler, which fights with the sanitizers, is off.
mvvm_sanitizer_env() {
    case $1 in
        hosts)
            export ASAN_OPTIONS="$MVVM_ASAN_OPTIONS"
            export LSAN_OPTIONS="$MVVM_LSAN_OPTIONS"
            export UBSAN_OPTIONS="$MVVM_UBSAN_OPTIONS"
            ;;
        c-tests)
            export ASAN_OPTIONS="$MVVM_ASAN_OPTIONS:strict_string_checks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
            export LSAN_OPTIONS="$MVVM_LSAN_OPTIONS${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
            export UBSAN_OPTIONS="$MVVM_UBSAN_OPTIONS${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
            ;;
        fuzz)
            export ASAN_OPTIONS="${ASAN_OPTIONS:-$MVVM_FUZZ_ASAN_OPTIONS}"
            export UBSAN_OPTIONS="${UBSAN_OPTIONS:-$MVVM_UBSAN_OPTIONS}"
            export SWIFT_BACKTRACE="enable=no"
            ;;
        *)
            echo "mvvm_sanitizer_env: unknown mode '$1' (hosts, c-tests, fuzz)" >&2
            return 2
            ;;
    esac
}

# The first line of any sanitizer report (ASan, LSan, UBSan, TSan, libFuzzer) or of the
# fuzzer's own invariant failures.
MVVM_SANITIZER_REPORT_RE='ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:|WARNING: ThreadSanitizer|INVARIANT VIOLATED'

# mvvm_check_sanitizer_log LOG: prints how many sanitizer reports LOG holds; succeeds when that
# is 0 (use it in a condition, or capture the count with `n=$(...)` outside `set -e`).
mvvm_check_sanitizer_log() {
    if [ ! -r "$1" ]; then
        echo "mvvm_check_sanitizer_log: cannot read $1" >&2
        echo 0
        return 2
    fi
    set -- "$(grep -cE "$MVVM_SANITIZER_REPORT_RE" "$1")"
    echo "$1"
    [ "$1" -eq 0 ]
}

# ---- System packages ------------------------------------------------------------------------
# mvvm_require_deps PACKAGE...: stops the calling script, naming `make deps`, when a Debian
# package it needs is missing (scripts/deps.sh decides what counts as present).
mvvm_require_deps() {
    if ! mvvm_missing=$(sh "$MVVM_ROOT/scripts/deps.sh" --missing "$@"); then
        echo "${0##*/}: cannot check system packages (scripts/deps.sh --missing $*)" >&2
        exit 1
    fi
    if [ -n "$mvvm_missing" ]; then
        echo "${0##*/}: missing Debian packages: $mvvm_missing; run 'make deps' (as root) first" >&2
        exit 1
    fi
    unset mvvm_missing
}

# ---- Run directly: values for the Makefile --------------------------------------------------
case ${0##*/} in
    env.sh)
        if [ "${1:-}" = --print ] && [ $# -eq 2 ]; then
            case $2 in
                '' | [0-9]* | *[!A-Za-z0-9_]*) echo "env.sh: not a variable name: '$2'" >&2; exit 2 ;;
            esac
            eval "printf '%s\n' \"\${$2-}\""
        else
            echo "usage: sh scripts/env.sh --print VAR   (or source it from a script)" >&2
            exit 2
        fi
        ;;
esac

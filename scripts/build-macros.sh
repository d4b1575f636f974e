#!/bin/sh
# Builds the compiler plugin of mvvm's macros (@Record, @Enumeration: Sources/MVVMMacros) into
# .build/macros/libMVVMMacros.so, when it is missing or older than its sources. `make deps`
# runs it, and so does an app's Makefile before building (Examples/Notes/Makefile).
#
# Why not SwiftPM: its `.macro` targets need the swift-syntax package, which cannot be fetched
# here; the toolchain ships swift-syntax's host libraries (usr/lib/swift/host), which a plugin
# compiled with swiftc links, and a target that uses the macros loads it with
# `-load-plugin-library` (Package.swift; Examples/Notes/Package.swift).
#
#   scripts/build-macros.sh          build if stale, print nothing when up to date
#   scripts/build-macros.sh --print  print the plugin's path
set -eu
MVVM_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$MVVM_ROOT/scripts/env.sh"

out="$MVVM_ROOT/.build/macros/libMVVMMacros.so"
if [ "${1:-}" = --print ]; then
    echo "$out"
    exit 0
fi
mvvm_require_toolchain SWIFTC
host="$SWIFT_BIN_DIR/../lib/swift/host"
# The framework's C-name rule (CName.swift, plain Swift) is compiled in too: one rule for both.
shared="$MVVM_ROOT/Sources/MVVMRuntime/Declarations/CName.swift"
sources="$(find "$MVVM_ROOT/Sources/MVVMMacros" -name '*.swift' | sort) $shared"
if [ -f "$out" ] && [ -z "$(find "$MVVM_ROOT/Sources/MVVMMacros" "$shared" -name '*.swift' -newer "$out")" ]; then
    exit 0
fi
mkdir -p "$(dirname "$out")"
echo "build-macros: compiling the macros' plugin into ${out#"$MVVM_ROOT"/}"
# shellcheck disable=SC2086 # $sources: one word per file (no spaces in the repository's paths)
"$SWIFTC" -emit-library -module-name MVVMMacros -parse-as-library -swift-version 6 -warnings-as-errors $sources \
    -I "$host" -L "$host" -lSwiftSyntax -lSwiftSyntaxMacros -lSwiftDiagnostics -lSwiftSyntaxBuilder -lSwiftParser \
    -Xlinker -rpath -Xlinker "$host" -o "$out.tmp"
mv "$out.tmp" "$out"

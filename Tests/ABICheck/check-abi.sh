#!/usr/bin/env bash
# Proves the headers (Include/mvvm.h, the framework's, and Include/mvvm_seeds.h, the seeds'
# app's) and libmvvm.so (the framework and that app) agree:
#   1. every mvvm_ function the header declares is exported by the library, and every
#      exported mvvm_ symbol is declared (set equality);
#   2. every signature matches the one the Swift compiler itself emits for the exports
#      (-emit-clang-header-path): both headers are compiled in one C11 translation unit, where
#      any conflicting prototype is a hard error.
# The one relaxation, stated here: Swift spells an opaque handle (OpaquePointer) `void *`, so
# for step 2 the check uses a copy of the header in which `mvvm_object` and `mvvm_request`
# (the two opaque handle types) are `void`.
#
# Usage: check-abi.sh BUILD_DIR   (the SwiftPM build folder holding libmvvm.so and Modules/)
# SWIFTC and CLANG may name the compilers; default the Swift toolchain's (scripts/env.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
MVVM_ROOT="$root"
# shellcheck source=../../scripts/env.sh
. "$root/scripts/env.sh"
build="${1:?usage: check-abi.sh BUILD_DIR}"
mvvm_require_toolchain SWIFTC CLANG
swiftc="$SWIFTC"
clang="$CLANG"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

library="$build/libmvvm.so"
[ -f "$library" ] || { echo "check-abi: $library not found (build the mvvm product first)" >&2; exit 1; }

# 1. Symbol sets.
nm -D --defined-only "$library" | awk '$2 == "T" && $3 ~ /^mvvm_/ { print $3 }' | sort -u > "$work/exported"
CLANG="$clang" "$here/header-functions.sh" > "$work/declared"
if ! diff -u --label declared-in-header "$work/declared" --label exported-by-library "$work/exported" > "$work/symbols.diff"; then
    echo "check-abi: the header and the library disagree on the set of functions:" >&2
    cat "$work/symbols.diff" >&2
    exit 1
fi
count=$(wc -l < "$work/declared")

# 2. Signatures, against the compiler-emitted header.
mkdir -p "$work/include" "$work/module"
sed -e 's/^typedef struct mvvm_object mvvm_object;$/typedef void mvvm_object;/' \
    -e 's/^typedef struct mvvm_request mvvm_request;$/typedef void mvvm_request;/' \
    "$root/Include/mvvm.h" > "$work/include/mvvm.h"
grep -q '^typedef void mvvm_object;$' "$work/include/mvvm.h" || { echo "check-abi: handle typedef not found" >&2; exit 1; }
grep -q '^typedef void mvvm_request;$' "$work/include/mvvm.h" || { echo "check-abi: request typedef not found" >&2; exit 1; }
cp "$root/Include/mvvm_seeds.h" "$root/Sources/CMVVMSeeds/api_table.h" "$work/include/"
# The modules the sources import, over the copies (the seeds' module map names its header by
# its place in the checkout).
cat "$root/Include/module.modulemap" > "$work/include/module.modulemap"
sed -e 's|"\.\./\.\./Include/mvvm_seeds.h"|"mvvm_seeds.h"|' "$root/Sources/CMVVMSeeds/module.modulemap" >> "$work/include/module.modulemap"
grep -q '"mvvm_seeds.h"' "$work/include/module.modulemap" || { echo "check-abi: the seeds' module map did not apply" >&2; exit 1; }
# The runtime uses its package's `package` declarations (MVVMBinding's), so it compiles under
# the package name SwiftPM gave the build: its identity, read from the build's manifest
# (the checkout folder's name, lower-cased, when that is missing).
package_name=$(grep -m1 -o -- '-package-name","[^"]*"' "${build%/}.yaml" 2>/dev/null | sed 's/.*","//; s/"$//')
[ -n "$package_name" ] || package_name=$(basename "$root" | tr '[:upper:]' '[:lower:]')
# The library's exports come from two modules: the framework (MVVMRuntime) and the seeds' app
# built on it (MVVMSeedsApp), compiled here in that order, the app against the framework's
# module as compiled here, with mvvm's macros' plugin (the app's ViewModels are @ViewModel).
plugin=$(sh "$root/scripts/build-macros.sh" --print)
emitted=0
for module in MVVMRuntime MVVMSeedsApp; do
    "$swiftc" -swift-version 6 -parse-as-library -module-name "$module" -package-name "$package_name" -load-plugin-library "$plugin" \
        -emit-module -emit-module-path "$work/module/$module.swiftmodule" \
        -emit-clang-header-path "$work/$module-Swift.h" \
        -I "$work/module" -I "$build/Modules" -I "$work/include" -I "$root/Sources/CFFI/include" -I "$root/Sources/CSQLite/include" \
        -I "$root/Sources/CCurl/include" -I "$root/Sources/CExecutorHooks/include" \
        $(find "$root/Sources/$module" -name '*.swift' | sort) 2> "$work/swiftc.log" \
        || { cat "$work/swiftc.log" >&2; exit 1; }
    emitted=$((emitted + $(grep -c 'SWIFT_EXTERN .*mvvm_' "$work/$module-Swift.h" || true)))
done
if [ "$emitted" -ne "$count" ]; then
    echo "check-abi: the compiler emitted $emitted mvvm_ prototypes, the header declares $count (is every export public?)" >&2
    exit 1
fi
printf '#include "mvvm_seeds.h"\n#include "MVVMRuntime-Swift.h"\n#include "MVVMSeedsApp-Swift.h"\n' > "$work/check.c"
# shellcheck disable=SC2086 # the shared flags split into words
"$clang" -x c $MVVM_C_WARN -fsyntax-only -Wno-unused-command-line-argument \
    -I "$work/include" -I "$work" "$work/check.c"

echo "check-abi: $count functions declared, exported and identical in signature to the compiler's"

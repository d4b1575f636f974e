#!/usr/bin/env bash
# Fails when the shipped library carries corelibs Foundation: ICU's data (the `icudt` package,
# 35 MB) or CoreFoundation. Both survive --strip-all as strings in .rodata, so the stripped
# library itself is searched. When it fails, the linker's --why-extract report (lld, written
# by `make ship-library`) names what pulled them in: our object files that reference a member
# of libFoundation.a, libCoreFoundation.a, lib_FoundationICU.a or
# libFoundationInternationalization.a, with the symbol; failing that, the toolchain's own
# members that did.
#
# Usage: check-foundation-free.sh LIBRARY [WHY_EXTRACT_REPORT]
set -euo pipefail
library="${1:?usage: check-foundation-free.sh LIBRARY [WHY_EXTRACT_REPORT]}"
report="${2:-}"
[ -f "$library" ] || { echo "check-foundation-free: $library not found (make ship-library)" >&2; exit 1; }

found=()
grep -a -q -E 'icudt[0-9]+[lb]' "$library" && found+=("ICU data (icudt)")
grep -a -q -E '__CFRunLoop|CFRunLoopRunSpecific|__CFStringMakeConstantString' "$library" && found+=("CoreFoundation")
size=$(stat -c %s "$library" | awk '{ printf "%.1f", $1 / 1e6 }')
if [ ${#found[@]} -eq 0 ]; then
    echo "check-foundation-free: $library ($size MB) holds no ICU data and no CoreFoundation"
    exit 0
fi

echo "check-foundation-free: $library ($size MB) contains ${found[*]}: corelibs Foundation is linked" >&2
foundation='lib(Foundation|CoreFoundation|_FoundationICU|FoundationInternationalization)\.a'
# Swift symbols read better demangled (the toolchain's swift-demangle, when on PATH).
demangle() { if command -v swift-demangle > /dev/null; then swift-demangle --simplified; else cat; fi; }
if [ -f "$report" ]; then
    # Columns: reference, extracted archive member, symbol.
    ours=$(awk -F'\t' -v f="$foundation" 'NR > 1 && $1 !~ /swift_static/ && $2 ~ f' "$report")
    if [ -n "$ours" ]; then
        echo "pulled in by these references from our code (object -> archive member: symbol):" >&2
        printf '%s\n' "$ours" | awk -F'\t' '{ n = split($1, o, "/"); m = split($2, a, "/"); print "  " o[n-1] "/" o[n] " -> " a[m] ": " $3 }' \
            | sort -u | head -40 | demangle >&2
    else
        echo "no object of ours references them directly; the toolchain's members that did:" >&2
        awk -F'\t' -v f="$foundation" 'NR > 1 && $2 ~ f && $1 !~ f' "$report" \
            | awk -F'\t' '{ n = split($1, o, "/"); m = split($2, a, "/"); print "  " o[n] " -> " a[m] ": " $3 }' \
            | sort -u | head -40 | demangle >&2
    fi
else
    echo "(no --why-extract report to name what pulled it in: link with lld)" >&2
fi
exit 1

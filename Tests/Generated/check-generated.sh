#!/usr/bin/env bash
# The files that follow from the type declarations are fresh, and the check can fail:
#   1. `mvvm-generate --check` on the repository passes (else: run `make generate`);
#   2. on a copy where one generated line was edited by hand, it fails and names the file and
#      the command that regenerates it.
# Usage: check-generated.sh GENERATOR   (the built mvvm-generate executable)
set -euo pipefail
generator=${1:?usage: check-generated.sh path/to/mvvm-generate}
root=$(cd "$(dirname "$0")/../.." && pwd)

"$generator" --check "$root"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Include" "$scratch/Sources/CLibFFI" "$scratch/Sources/MVVMSeedsApp/Exports"
cp "$root/Include/mvvm.h" "$scratch/Include/"
cp "$root/Sources/CLibFFI/api_table.h" "$scratch/Sources/CLibFFI/"
cp -r "$root/Sources/MVVMSeedsApp/Exports/Generated" "$scratch/Sources/MVVMSeedsApp/Exports/"
"$generator" --check "$scratch" > /dev/null

# A hand edit inside a generated block: a getter's comment changed.
sed -i 's|^/\*\* The number of rows. \*/$|/** The number of rows (edited by hand). */|' "$scratch/Include/mvvm.h"
grep -q "edited by hand" "$scratch/Include/mvvm.h" || { echo "check-generated: the edit did not apply" >&2; exit 1; }
if "$generator" --check "$scratch" 2> "$scratch/err"; then
    echo "check-generated: a hand-edited generated block passed the freshness check" >&2
    exit 1
fi
grep -q "Include/mvvm.h" "$scratch/err" && grep -q "make generate" "$scratch/err" || {
    echo "check-generated: the failure does not name the stale file and the command:" >&2
    cat "$scratch/err" >&2
    exit 1
}
echo "check-generated: a hand edit is caught:"
sed 's/^/    /' "$scratch/err"
echo "check-generated: passed"

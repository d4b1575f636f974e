#!/usr/bin/env bash
# The files that follow from declarations are fresh, and the check can fail:
#   1. `mvvm-generate-framework --check` (the framework header's plug-in table) and
#      `mvvm-generate --check` (the seeds' app's header blocks, table and typed exports) pass
#      on the repository (else: run `make generate`);
#   2. on a copy where one generated line was edited by hand, each fails and names the file
#      and the command that regenerates it.
# Usage: check-generated.sh FRAMEWORK_GENERATOR GENERATOR   (the built executables)
set -euo pipefail
framework_generator=${1:?usage: check-generated.sh path/to/mvvm-generate-framework path/to/mvvm-generate}
generator=${2:?usage: check-generated.sh path/to/mvvm-generate-framework path/to/mvvm-generate}
root=$(cd "$(dirname "$0")/../.." && pwd)

"$framework_generator" --check "$root"
"$generator" --check "$root"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Include" "$scratch/Sources/CFFI/include" "$scratch/Sources/CMVVMSeeds" "$scratch/Sources/MVVMSeedsApp/Exports"
cp "$root/Include/mvvm.h" "$root/Include/mvvm_seeds.h" "$scratch/Include/"
cp "$root/Sources/CFFI/include/api_table.h" "$scratch/Sources/CFFI/include/"
cp "$root/Sources/CMVVMSeeds/api_table.h" "$scratch/Sources/CMVVMSeeds/"
cp -r "$root/Sources/MVVMSeedsApp/Exports/Generated" "$scratch/Sources/MVVMSeedsApp/Exports/"
"$framework_generator" --check "$scratch" > /dev/null
"$generator" --check "$scratch" > /dev/null

# expect_caught GENERATOR FILE: the generator's check fails on the edited copy, naming FILE and
# the command.
expect_caught() {
    if "$1" --check "$scratch" 2> "$scratch/err"; then
        echo "check-generated: a hand-edited generated block of $2 passed the freshness check" >&2
        exit 1
    fi
    grep -q "$2" "$scratch/err" && grep -q "make generate" "$scratch/err" || {
        echo "check-generated: the failure does not name the stale file and the command:" >&2
        cat "$scratch/err" >&2
        exit 1
    }
    echo "check-generated: a hand edit of $2 is caught:"
    sed 's/^/    /' "$scratch/err"
}

# A hand edit inside the seeds' header's generated block: a getter's comment changed.
sed -i 's|^/\*\* The number of rows. \*/$|/** The number of rows (edited by hand). */|' "$scratch/Include/mvvm_seeds.h"
grep -q "edited by hand" "$scratch/Include/mvvm_seeds.h" || { echo "check-generated: the edit did not apply" >&2; exit 1; }
expect_caught "$generator" Include/mvvm_seeds.h
# A framework table slot removed by hand.
sed -i '/^        \.dispatch = mvvm_dispatch,$/d' "$scratch/Sources/CFFI/include/api_table.h"
expect_caught "$framework_generator" Sources/CFFI/include/api_table.h
echo "check-generated: passed"

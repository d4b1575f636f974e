#!/usr/bin/env bash
# The headers keep the C ABI of mvvm 0.1 (Tests/ABICheck/baseline/abi-0.1.txt, listed by
# abi-listing.py from the 0.1 header): every function type, struct size, alignment, field
# offset and type, and constant value of 0.1 is still declared the same, in Include/mvvm.h or
# the seeds' app's Include/mvvm_seeds.h, except the changes baseline/abi-0.1-changes.txt names.
# A constant that became a macro (a type or record kind of the application's header) is
# checked by its value. Then the check is shown to fail: a struct field moved in a copy.
# Usage: check-abi-baseline.sh   (CLANG may name the compiler; scripts/env.sh's by default)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
MVVM_ROOT="$(cd "$here/../.." && pwd)"
# shellcheck source=../../scripts/env.sh
. "$MVVM_ROOT/scripts/env.sh"
mvvm_require_toolchain CLANG
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# check INCLUDE_DIR: prints what of 0.1 the headers in INCLUDE_DIR lost; fails if anything.
check() {
    python3 "$here/abi-listing.py" "$CLANG" "$1" "$1/mvvm.h" "$1/mvvm_seeds.h" > "$work/today.txt"
    grep -vE '^(#|$)' "$here/baseline/abi-0.1-changes.txt" > "$work/changes"
    comm -23 "$here/baseline/abi-0.1.txt" "$work/today.txt" | grep -vEf "$work/changes" > "$work/lost" || true
    # Constants that are macros today: their values, through the compiler.
    { printf '#include <stdio.h>\n#include "mvvm_seeds.h"\nint main(void) {\n'
      sed -n 's/^constant \([A-Z0-9_]*\) = \(-\?[0-9]*\)$/\1 \2/p' "$work/lost" | while read -r name value; do
          printf '#ifdef %s\n    if ((long long)(%s) != %sLL) printf("constant %s = %%lld\\n", (long long)(%s));\n#else\n    puts("constant %s: not defined");\n#endif\n' \
              "$name" "$name" "$value" "$name" "$name" "$name"
      done
      printf '    return 0;\n}\n'; } > "$work/constants.c"
    "$CLANG" -std=c11 -w -I "$1" "$work/constants.c" -o "$work/constants"
    { grep -v '^constant ' "$work/lost" || true; "$work/constants"; } > "$work/report"
    if [ -s "$work/report" ]; then
        sed 's/^/    /' "$work/report"
        return 1
    fi
}

if ! check "$MVVM_INCLUDE_DIR" > "$work/out"; then
    echo "check-abi-baseline: the headers changed the ABI of mvvm 0.1 (what 0.1 declared and today's do not):" >&2
    cat "$work/out" >&2
    exit 1
fi
count=$(grep -c . "$here/baseline/abi-0.1.txt")

# The check can fail: a copy whose user struct has its fields swapped.
mkdir -p "$work/include"
cp "$MVVM_INCLUDE_DIR/mvvm.h" "$MVVM_INCLUDE_DIR/mvvm_seeds.h" "$work/include/"
python3 - "$work/include/mvvm_seeds.h" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = "    const char *name;\n    const char *email;\n} mvvm_user;"
assert old in text, "the user struct was not found"
open(path, "w").write(text.replace(old, "    const char *email;\n    const char *name;\n} mvvm_user;"))
PY
if check "$work/include" > "$work/out"; then
    echo "check-abi-baseline: a copy with mvvm_user's fields swapped passed" >&2
    exit 1
fi
grep -q "offset mvvm_user.name = 8" "$work/out" || { echo "check-abi-baseline: the failure does not name the moved field:" >&2; cat "$work/out" >&2; exit 1; }
echo "check-abi-baseline: the $count facts of the 0.1 ABI hold (a moved field is caught)"

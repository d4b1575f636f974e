#!/usr/bin/env bash
# Prints the functions the given headers declare (default: Include/mvvm.h and the seeds' app's
# Include/mvvm_seeds.h, which libmvvm.so implements together), sorted, one per line, from
# clang's AST (so comments, macros and function-pointer typedefs do not count); only names
# starting with PREFIX (default mvvm_). Used by check-abi.sh (the debug library's exports) and
# Tests/Dist/check-dist.sh (the shipped one's).
# Usage: header-functions.sh [HEADER...]   (PREFIX, CLANG may be set; CLANG defaults to the
# Swift toolchain's, from scripts/env.sh)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
MVVM_ROOT="$(cd "$here/../.." && pwd)"
# shellcheck source=../../scripts/env.sh
. "$MVVM_ROOT/scripts/env.sh"
mvvm_require_toolchain CLANG
[ $# -gt 0 ] || set -- "$MVVM_INCLUDE_DIR/mvvm.h" "$MVVM_INCLUDE_DIR/mvvm_seeds.h"
unit="$(mktemp --suffix=.c)"
trap 'rm -f "$unit"' EXIT
for header in "$@"; do printf '#include "%s"\n' "$header"; done > "$unit"
"$CLANG" -x c "$MVVM_C_STD" -fsyntax-only -Xclang -ast-dump=json -I "$MVVM_INCLUDE_DIR" "$unit" \
    | PREFIX="${PREFIX:-mvvm_}" python3 -c '
import json, os, sys
prefix = os.environ["PREFIX"]
names = set()
def walk(node):
    if node.get("kind") == "FunctionDecl" and node.get("name", "").startswith(prefix):
        names.add(node["name"])
    for child in node.get("inner", []) or []:
        walk(child)
walk(json.load(sys.stdin))
print("\n".join(sorted(names)))
'

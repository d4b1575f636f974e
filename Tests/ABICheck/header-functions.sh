#!/usr/bin/env bash
# Prints the mvvm_ functions Include/mvvm.h declares, sorted, one per line (from clang's AST of
# the header, so comments, macros and function-pointer typedefs do not count). Used by
# check-abi.sh (the debug library's exports) and Tests/Dist/check-dist.sh (the shipped one's).
# CLANG may name the compiler; default the Swift toolchain's (scripts/env.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
MVVM_ROOT="$(cd "$here/../.." && pwd)"
# shellcheck source=../../scripts/env.sh
. "$MVVM_ROOT/scripts/env.sh"
mvvm_require_toolchain CLANG
"$CLANG" -x c "$MVVM_C_STD" -fsyntax-only -Xclang -ast-dump=json -I "$MVVM_INCLUDE_DIR" "$MVVM_INCLUDE_DIR/mvvm.h" \
    | python3 -c '
import json, sys
names = set()
def walk(node):
    if node.get("kind") == "FunctionDecl" and node.get("name", "").startswith("mvvm_"):
        if "mvvm.h" in json.dumps(node.get("loc", {})) or node.get("loc", {}).get("includedFrom") is None:
            names.add(node["name"])
    for child in node.get("inner", []) or []:
        walk(child)
walk(json.load(sys.stdin))
print("\n".join(sorted(names)))
'

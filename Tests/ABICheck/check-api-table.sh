#!/usr/bin/env bash
# Proves the plug-in table `mvvm_api` of Include/mvvm.h holds every function of the header:
#   1. from clang's AST of the header: the struct starts with `struct_size` and `abi_version`,
#      then has exactly one field per function the header declares, except mvvm_get_api
#      itself; the field of mvvm_X is named X (mvvm_abi_version's is `abi_version_fn`, since
#      `abi_version` is the header field) and its type is a pointer to exactly mvvm_X's type;
#   2. compiled: sizeof(mvvm_api) == offsetof(mvvm_api, version) + N * sizeof(function pointer),
#      with N the number of functions counted in step 1 (no padding, nothing else in it).
# The library side (every slot is filled with the exported symbol of that name) is checked at
# run time by Tests/CABITests/test_plugin_dlopen.c.
#
# Usage: check-api-table.sh   (CLANG may name the compiler; default the Swift toolchain's clang,
# from scripts/env.sh)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
MVVM_ROOT="$root"
# shellcheck source=../../scripts/env.sh
. "$root/scripts/env.sh"
mvvm_require_toolchain CLANG
clang="$CLANG"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$clang" -x c "$MVVM_C_STD" -fsyntax-only -Xclang -ast-dump=json -I "$MVVM_INCLUDE_DIR" "$MVVM_INCLUDE_DIR/mvvm.h" \
    > "$work/ast.json"
count=$(python3 - "$work/ast.json" <<'PY'
import json, sys
root = json.load(open(sys.argv[1]))
functions, fields = [], None
def walk(node):
    global fields
    kind, name = node.get("kind"), node.get("name", "")
    if kind == "FunctionDecl" and name.startswith("mvvm_"):
        functions.append((name, node["type"]["qualType"]))
    if kind == "RecordDecl" and name == "mvvm_api" and node.get("completeDefinition"):
        fields = [(f["name"], f["type"]["qualType"]) for f in node.get("inner", []) if f.get("kind") == "FieldDecl"]
    for child in node.get("inner", []) or []:
        walk(child)
walk(root)
errors = []
if fields is None:
    sys.exit("check-api-table: struct mvvm_api not found in mvvm.h")
if [f[0] for f in fields[:2]] != ["struct_size", "abi_version"]:
    errors.append("the first fields are %s, expected struct_size, abi_version" % [f[0] for f in fields[:2]])
table = {}
for name, qual in fields[2:]:
    if name in table:
        errors.append("field %s appears twice" % name)
    table[name] = qual
expected = {}
for name, qual in functions:
    if name == "mvvm_get_api":
        continue
    field = name[len("mvvm_"):]
    if field == "abi_version":
        field = "abi_version_fn"
    expected[field] = (name, qual)
for field, (function, qual) in sorted(expected.items()):
    if field not in table:
        errors.append("%s has no field `%s` in mvvm_api" % (function, field))
        continue
    pointer = table[field]
    # "R (*)(A, B)" is a pointer to "R (A, B)".
    if pointer.replace("(*)", "", 1) != qual:
        errors.append("field `%s` is `%s`, but %s is `%s`" % (field, pointer, function, qual))
for field in sorted(set(table) - set(expected)):
    errors.append("field `%s` of mvvm_api matches no function of the header" % field)
if errors:
    sys.exit("check-api-table:\n  " + "\n  ".join(errors))
print(len(expected))
PY
)
cat > "$work/size.c" <<C
#include <stddef.h>
#include "mvvm.h"
_Static_assert(sizeof(mvvm_api) == offsetof(mvvm_api, version) + $count * sizeof(void (*)(void)),
               "mvvm_api is not its two header fields followed by exactly $count function pointers");
_Static_assert(offsetof(mvvm_api, version) == 2 * sizeof(uint32_t), "unexpected header fields");
C
# shellcheck disable=SC2086 # the shared flags split into words
"$clang" -x c $MVVM_C_WARN -fsyntax-only -I "$MVVM_INCLUDE_DIR" "$work/size.c"
echo "check-api-table: mvvm_api holds all $count functions of mvvm.h (besides mvvm_get_api), names and types matching"

#!/usr/bin/env bash
# Proves a plug-in table holds every function of its header (default: mvvm_api of
# Include/mvvm.h, then mvvm_seeds_api of the seeds' app's Include/mvvm_seeds.h):
#   1. from clang's AST: the struct starts with its head fields (struct_size, abi_version and,
#      in an application's table, get_framework_api), then has exactly one field per function
#      the header itself declares (not the headers it includes), except the table's getter;
#      the field of PREFIX_X is named X (X_fn when X is a head field: mvvm_abi_version's is
#      `abi_version_fn`) and its type is a pointer to exactly PREFIX_X's type;
#   2. compiled: sizeof(table) == offsetof(first function field) + N * sizeof(function
#      pointer), with N the number of functions counted in step 1 (no padding, nothing else).
# The library side (every slot is filled with the exported symbol of that name) is checked at
# run time by Tests/CABITests/test_plugin_dlopen.c.
#
# Usage: check-api-table.sh [HEADER STRUCT GETTER HEAD_FIELDS [INCLUDED_HEADER]]
#   HEAD_FIELDS comma-separated; INCLUDED_HEADER: the header HEADER includes whose functions are
#   not its own (CLANG may name the compiler; default the Swift toolchain's, scripts/env.sh)
#   PREFIX: the functions' common prefix (default mvvm_)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
MVVM_ROOT="$root"
# shellcheck source=../../scripts/env.sh
. "$root/scripts/env.sh"
mvvm_require_toolchain CLANG
if [ $# -eq 0 ]; then
    "$0" "$MVVM_INCLUDE_DIR/mvvm.h" mvvm_api mvvm_get_api struct_size,abi_version
    "$0" "$MVVM_INCLUDE_DIR/mvvm_seeds.h" mvvm_seeds_api mvvm_seeds_get_api struct_size,abi_version,get_framework_api \
        "$MVVM_INCLUDE_DIR/mvvm.h"
    exit
fi
header=$1 struct=$2 getter=$3 head=$4 included=${5:-}
prefix=${PREFIX:-mvvm_}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

ast() { "$CLANG" -x c "$MVVM_C_STD" -fsyntax-only -Xclang -ast-dump=json -I "$MVVM_INCLUDE_DIR" "$1"; }
ast "$header" > "$work/ast.json"
if [ -n "$included" ]; then ast "$included" > "$work/included.json"; else echo '{}' > "$work/included.json"; fi
count=$(python3 - "$work/ast.json" "$work/included.json" "$struct" "$getter" "$head" "$prefix" <<'PY'
import json, sys
ast_path, included_path, struct, getter, head, prefix = sys.argv[1:]
head = head.split(",")
def collect(root):
    functions, fields = [], {}
    def walk(node):
        kind, name = node.get("kind"), node.get("name", "")
        if kind == "FunctionDecl" and name.startswith(prefix):
            functions.append((name, node["type"]["qualType"]))
        if kind == "RecordDecl" and node.get("completeDefinition"):
            fields[name] = [(f["name"], f["type"]["qualType"]) for f in node.get("inner", []) if f.get("kind") == "FieldDecl"]
        for child in node.get("inner", []) or []:
            walk(child)
    walk(root)
    return functions, fields
functions, records = collect(json.load(open(ast_path)))
inherited = {name for name, _ in collect(json.load(open(included_path)))[0]}
fields = records.get(struct)
errors = []
if fields is None:
    sys.exit("check-api-table: struct %s not found in %s" % (struct, ast_path))
if [f[0] for f in fields[:len(head)]] != head:
    errors.append("the first fields are %s, expected %s" % ([f[0] for f in fields[:len(head)]], head))
table = {}
for name, qual in fields[len(head):]:
    if name in table:
        errors.append("field %s appears twice" % name)
    table[name] = qual
expected = {}
for name, qual in functions:
    if name == getter or name in inherited:
        continue
    field = name[len(prefix):]
    if field in head:
        field += "_fn"
    expected[field] = (name, qual)
for field, (function, qual) in sorted(expected.items()):
    if field not in table:
        errors.append("%s has no field `%s` in %s" % (function, field, struct))
        continue
    pointer = table[field]
    # "R (*)(A, B)" is a pointer to "R (A, B)".
    if pointer.replace("(*)", "", 1) != qual:
        errors.append("field `%s` is `%s`, but %s is `%s`" % (field, pointer, function, qual))
for field in sorted(set(table) - set(expected)):
    errors.append("field `%s` of %s matches no function of the header" % (field, struct))
if errors:
    sys.exit("check-api-table:\n  " + "\n  ".join(errors))
print(len(expected))
PY
)
first=$(python3 - "$work/ast.json" "$struct" "$head" <<'PY'
import json, sys
root, struct, head = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3].split(",")
def walk(node):
    if node.get("kind") == "RecordDecl" and node.get("name") == struct and node.get("completeDefinition"):
        print([f["name"] for f in node["inner"] if f.get("kind") == "FieldDecl"][len(head)])
        sys.exit(0)
    for child in node.get("inner", []) or []:
        walk(child)
walk(root)
PY
)
cat > "$work/size.c" <<C
#include <stddef.h>
#include "$header"
_Static_assert(sizeof($struct) == offsetof($struct, $first) + $count * sizeof(void (*)(void)),
               "$struct is not its head fields followed by exactly $count function pointers");
C
# shellcheck disable=SC2086 # the shared flags split into words
"$CLANG" -x c $MVVM_C_WARN -fsyntax-only -I "$MVVM_INCLUDE_DIR" "$work/size.c"
echo "check-api-table: $struct holds all $count functions of $(basename "$header") (besides $getter), names and types matching"

#!/usr/bin/env bash
# The framework names nothing an application declared (docs/DESIGN.md, "The wall"): no file of
# the framework — its Swift targets (Sources/MVVMRuntime, Sources/MVVMGenerator, the macros' plugin Sources/MVVMMacros,
# Sources/mvvm-generate-framework), its C modules (Sources/CFFI, Sources/CLibraryLoader), its header
# (Include/mvvm.h and the module map beside it) and its Python package (bindings/python/mvvm) —
# names a model, repository, ViewModel, record, enum, table, signal or C function of either
# app on mvvm in this repository, the seeds' app or Examples/Notes, in code or in comments.
# Nothing is listed by hand; the names are derived from what the apps declare:
#   - every top-level Swift type (class, struct, enum, protocol, actor, typealias) of the apps'
#     targets, and those targets' names;
#   - every C name an app's header declares beyond mvvm.h (functions, typedefs, structs, enums
#     and their constants, macros), from clang's AST and the header's #defines;
#   - each registered type's name and C prefix, from the header's type constants
#     (MVVM_TYPE_USER_LIST gives UserList and mvvm_user_list_*), and its signals' names.
# Then the check is shown to fail: on a copy of the framework with one app name added to a
# comment, it must fail and name the file.
#
# Usage: check-no-app-names.sh [ROOT]   (default: this checkout)
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
MVVM_ROOT="$root"
# shellcheck source=../../scripts/env.sh
. "$root/scripts/env.sh"
mvvm_require_toolchain CLANG
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The apps: "Swift source folders|header|target names".
apps=(
    "$root/Sources/MVVMDomain $root/Sources/MVVMSeedsApp|$root/Include/mvvm_seeds.h|MVVMDomain MVVMSeedsApp CMVVMSeeds"
    "$root/Examples/Notes/Sources/NotesApp|$root/Examples/Notes/Include/notes.h|NotesApp"
)

# C names a header declares: every named declaration of its AST.
declared() {
    printf '#include "%s"\n' "$1" > "$work/unit.c"
    "$CLANG" -x c "$MVVM_C_STD" -fsyntax-only -Xclang -ast-dump=json -I "$root/Include" "$work/unit.c" | python3 -c '
import json, sys
names = set()
def walk(node):
    if node.get("kind") in ("FunctionDecl", "TypedefDecl", "RecordDecl", "EnumDecl", "EnumConstantDecl") and node.get("name"):
        names.add(node["name"])
    for child in node.get("inner", []) or []:
        walk(child)
walk(json.load(sys.stdin))
print("\n".join(sorted(names)))
'
    sed -n 's/^#define \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$1"
}
declared "$root/Include/mvvm.h" | sort -u > "$work/framework-names"

names() {
    for app in "${apps[@]}"; do
        IFS='|' read -r sources header targets <<< "$app"
        # shellcheck disable=SC2086 # the folders split into words
        grep -rhoE '^([@a-zA-Z]+[[:space:]]+)*(class|struct|enum|protocol|actor|typealias)[[:space:]]+[A-Z][A-Za-z0-9_]*' $sources \
            | awk '{ print $NF }'
        printf '%s\n' $targets
        declared "$header" | sort -u | comm -23 - "$work/framework-names" | grep -v '_H$\|_INCLUDED$'
        # Each type's name and C prefix, from its constant (PREFIX_TYPE_USER_LIST ((mvvm_type)N)).
        sed -n 's/^#define \([A-Z0-9]*\)_TYPE_\([A-Z0-9_]*\) ((mvvm_type)[0-9]*)$/\1 \2/p' "$header" | while read -r space type; do
            lower=$(echo "${space}_$type" | tr '[:upper:]' '[:lower:]')
            echo "${lower}_[a-z0-9_]*"
            echo "$type" | tr '[:upper:]' '[:lower:]' | awk -F_ '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2); print "" }'
        done
        # Its signals, from the generated sections ( *   "user-selected"  void (*)(...)).
        sed -n 's/^ \*   "\([a-z][a-z0-9-]*\)" *void (\*).*/\1/p' "$header"
    done
}
names | sort -u | grep -v '^$' > "$work/names"
count=$(wc -l < "$work/names")

# The framework's files under ROOT (those that exist there).
framework_files() {
    local path
    for path in "$1/Sources/MVVMRuntime" "$1/Sources/MVVMGenerator" "$1/Sources/MVVMMacros" "$1/Sources/MVVMTestSupport" "$1/Sources/mvvm-generate-framework" \
        "$1/Sources/CFFI" "$1/Sources/CLibraryLoader" "$1/Include/mvvm.h" "$1/Include/module.modulemap" "$1/bindings/python/mvvm"; do
        [ -e "$path" ] && echo "$path"
    done
    true
}

# Prints "file:line: text" for every use of a name in the framework's files under $1; returns
# 1 if there is any.
scan() {
    local pattern found=0
    pattern="(^|[^A-Za-z0-9_])($(paste -sd '|' "$work/names"))($|[^A-Za-z0-9_])"
    # shellcheck disable=SC2046 # the file list splits into words
    if grep -rnE --include='*.swift' --include='*.h' --include='*.c' --include='*.modulemap' --include='*.py' --include='*.pyi' \
        "$pattern" $(framework_files "$1"); then
        found=1
    fi
    return $found
}

if ! scan "$root"; then
    echo "check-no-app-names: the framework's files above name an application's declarations; move that knowledge into the app behind a public extension point (docs/DESIGN.md)" >&2
    exit 1
fi

# The check can fail: a copy with one name added.
scratch=$(mktemp -d)
trap 'rm -rf "$work" "$scratch"' EXIT
mkdir -p "$scratch/Sources" "$scratch/Include"
cp -r "$root/Sources/MVVMRuntime" "$root/Sources/MVVMGenerator" "$root/Sources/CFFI" "$root/Sources/CLibraryLoader" "$scratch/Sources/"
cp "$root/Include/mvvm.h" "$root/Include/module.modulemap" "$scratch/Include/"
echo "// Reads a UserDetailViewModel." >> "$scratch/Sources/MVVMRuntime/Core/Runtime.swift"
echo "/* notes_note_list_new */" >> "$scratch/Include/mvvm.h"
if scan "$scratch" > "$scratch/found"; then
    echo "check-no-app-names: framework files naming UserDetailViewModel and notes_note_list_new passed the check" >&2
    exit 1
fi
grep -q "Core/Runtime.swift:.*UserDetailViewModel" "$scratch/found" && grep -q "Include/mvvm.h:.*notes_note_list_new" "$scratch/found" || {
    echo "check-no-app-names: the failure does not name the files and the names:" >&2
    cat "$scratch/found" >&2
    exit 1
}
echo "check-no-app-names: the framework (Swift, C modules, mvvm.h, the Python package) names none of the apps' $count names (a name added is caught)"

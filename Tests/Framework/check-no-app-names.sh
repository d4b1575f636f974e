#!/usr/bin/env bash
# The framework names no type of any app (docs/DESIGN.md): no file of Sources/MVVMRuntime or
# Sources/MVVMGenerator, nor the framework's C shim (Sources/CLibFFI/shim.h), names a model, repository, ViewModel or
# coordinator of the seeds' app, in code or in comments. The names are not listed by hand
# where they can be derived:
#   - every top-level type (class, struct, enum, protocol, actor, typealias) of the seeds' targets
#     Sources/MVVMDomain, Sources/MVVMFeatures and Sources/MVVMSeedsApp, and those modules' names;
#   - every registered type's C names, from the header's generated mvvm_type block
#     (MVVM_TYPE_USER_LIST gives itself, the prefix mvvm_user_list_ and the name UserList);
#   - and, listed here until the seeds' app declares them as records, enums and repository
#     protocols (generated then), the seeds' C records, enums, repository tables and signals.
# Then the check is shown to fail: on a copy of the framework's sources with one seeds' name
# added to a comment, it must fail and name the file.
#
# Usage: check-no-app-names.sh [ROOT]   (default: this checkout)
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"

# The names, one extended regular expression per line.
names() {
    # Top-level Swift declarations of the seeds' targets (nested helpers such as a `State` are
    # not the app's vocabulary).
    grep -rhoE '^([@a-zA-Z]+[[:space:]]+)*(class|struct|enum|protocol|actor|typealias)[[:space:]]+[A-Z][A-Za-z0-9_]*' \
        "$root/Sources/MVVMDomain" "$root/Sources/MVVMFeatures" "$root/Sources/MVVMSeedsApp" \
        | awk '{ print $NF }'
    printf '%s\n' MVVMDomain MVVMFeatures MVVMSeedsApp
    # The registered types' C names.
    sed -n '/BEGIN GENERATED types/,/END GENERATED types/p' "$root/Include/mvvm.h" \
        | grep -oE 'MVVM_TYPE_[A-Z0-9_]+' | while read -r constant; do
            echo "$constant"
            prefix=$(echo "${constant#MVVM_TYPE_}" | tr '[:upper:]' '[:lower:]')
            echo "mvvm_${prefix}_[a-z0-9_]*"
            # The registered name: USER_LIST -> UserList.
            echo "$prefix" | awk -F_ '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2); print "" }'
        done
    # The seeds' C records, enums, repository tables and constructors, and its events.
    printf '%s\n' 'mvvm_user' 'mvvm_post' 'mvvm_comment' 'MVVM_VALUE_(USER|POST|COMMENT)' \
        'mvvm_loading' 'MVVM_LOADING_[A-Z_]+' 'mvvm_view_state' 'MVVM_VIEW_STATE_[A-Z_]+' \
        'mvvm_navigation' 'MVVM_NAVIGATION_[A-Z_]+' 'mvvm_sample_options[a-z_]*' 'mvvm_http_options[a-z_]*' \
        'mvvm_request_resolve_(user_page|user|post|comments)' 'navigate' 'user-selected' 'did-save' 'rows-changed' 'laps-changed'
}

# Prints "file:line: text" for every use of a name in the framework sources under $1; returns
# 1 if there is any.
scan() {
    local sources="$1" pattern found=0
    pattern="(^|[^A-Za-z0-9_])($(names | sort -u | paste -sd '|'))($|[^A-Za-z0-9_])"
    if grep -rnE "$pattern" "$sources/Sources/MVVMRuntime" "$sources/Sources/MVVMGenerator" "$sources/Sources/CLibFFI/shim.h"; then
        found=1
    fi
    return $found
}

if ! scan "$root"; then
    echo "check-no-app-names: the framework's sources above name the seeds' app; move that knowledge into Sources/MVVMSeedsApp behind a public extension point (docs/DESIGN.md)" >&2
    exit 1
fi
count=$(names | sort -u | wc -l)

# The check can fail: a copy with one name added.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/CLibFFI"
cp -r "$root/Sources/MVVMRuntime" "$root/Sources/MVVMGenerator" "$scratch/Sources/"
cp "$root/Sources/CLibFFI/shim.h" "$scratch/Sources/CLibFFI/"
echo "// Reads a UserDetailViewModel." >> "$scratch/Sources/MVVMRuntime/Core/Runtime.swift"
if scan "$scratch" > "$scratch/found"; then
    echo "check-no-app-names: a framework source naming UserDetailViewModel passed the check" >&2
    exit 1
fi
grep -q "Core/Runtime.swift:.*UserDetailViewModel" "$scratch/found" || {
    echo "check-no-app-names: the failure does not name the file and the name:" >&2
    cat "$scratch/found" >&2
    exit 1
}
echo "check-no-app-names: Sources/MVVMRuntime, Sources/MVVMGenerator and the framework's C shim name none of the seeds' app's $count names (a name added is caught)"

#!/bin/sh
# The macros' clear errors (@Record, @Enumeration: Sources/MVVMMacros): each snippet below is
# type-checked against the built MVVMRuntime module with the macros' plugin, as an app's
# target compiles, and must fail with its message, naming the line of the declaration (the
# property or case the macro refuses; for a type the type checker refuses in the expansion,
# the line where the expansion is attached, the struct's closing brace, and the expansion's
# field).
#
#   Tests/Macros/check-macro-diagnostics.sh MODULES_DIR   (a build's debug/Modules folder)
set -eu
MVVM_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$MVVM_ROOT/scripts/env.sh"
mvvm_require_toolchain SWIFTC
modules=${1:?usage: check-macro-diagnostics.sh MODULES_DIR}
plugin=$(sh "$MVVM_ROOT/scripts/build-macros.sh" --print)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
count=0

# expect NAME LINE MESSAGE: the snippet on stdin fails at LINE with MESSAGE.
expect() {
    count=$((count + 1))
    cat > "$tmp/$1.swift"
    if "$SWIFTC" -typecheck -swift-version 6 -I "$modules" \
        -Xcc -fmodule-map-file="$MVVM_ROOT/Sources/CLibFFI/module.modulemap" \
        -Xcc -fmodule-map-file="$MVVM_ROOT/Sources/CExecutorHooks/include/module.modulemap" \
        -Xcc -fmodule-map-file="$MVVM_ROOT/Include/module.modulemap" -Xcc -I"$MVVM_ROOT/Include" \
        -load-plugin-library "$plugin" "$tmp/$1.swift" > "$tmp/$1.log" 2>&1; then
        echo "check-macro-diagnostics: $1 compiled; expected: $3" >&2
        failures=$((failures + 1))
    elif ! grep -qF -- "$3" "$tmp/$1.log" || ! grep -qF -- "$1.swift:$2:" "$tmp/$1.log"; then
        echo "check-macro-diagnostics: $1 did not fail at line $2 with: $3; it said:" >&2
        sed 's/^/    /' "$tmp/$1.log" | head -20 >&2
        failures=$((failures + 1))
    fi
}

expect record-on-a-class 3 "@Record applies to a struct: its stored properties are the record's fields" << 'EOF_'
import MVVMRuntime

@Record
final class Entry { var id = 0 }
EOF_

expect record-of-an-array 6 "@Record: the property tags of Entry is a [String]; a record field is an Int, Int64, Int32, Bool, Double, String, String? or an @Enumeration enum" << 'EOF_'
import MVVMRuntime

@Record
struct Entry {
    var id: Int
    var tags: [String]
}
EOF_

expect record-of-an-optional-number 5 "@Record: the property count of Entry is a Int?" << 'EOF_'
import MVVMRuntime

@Record
struct Entry {
    var count: Int?
}
EOF_

expect record-of-a-type-that-is-no-enum 7 "requires that 'Float' conform to 'DeclaredEnum'" << 'EOF_'
import MVVMRuntime

@Record
struct Entry {
    var id: Int
    var weight: Float
}
EOF_

expect record-without-fields 4 "@Record: Entry has no stored properties, so its record would have no fields" << 'EOF_'
import MVVMRuntime

@Record
struct Entry {
    var computed: Int { 1 }
}
EOF_

expect enumeration-on-a-struct 3 "@Enumeration applies to an enum: its cases are the C enum's" << 'EOF_'
import MVVMRuntime

@Enumeration
struct State {}
EOF_

expect enumeration-with-a-payload 6 "@Enumeration: the case loaded of State carries values" << 'EOF_'
import MVVMRuntime

@Enumeration
enum State: Sendable, Equatable {
    case idle
    case loaded(Int)
}
EOF_

expect enumeration-with-a-string-raw-value 5 "@Enumeration: the case idle of State has a raw value that is not an integer" << 'EOF_'
import MVVMRuntime

@Enumeration
enum State: String, Sendable {
    case idle = "idle"
}
EOF_

if [ "$failures" -gt 0 ]; then
    echo "check-macro-diagnostics: $failures of $count failed" >&2
    exit 1
fi
echo "check-macro-diagnostics: all $count misuses of @Record and @Enumeration fail to compile, each naming its declaration and line"

#!/bin/sh
# The macros' clear errors (@Record, @Enumeration, @ViewModel, @HostInterface, #registerApplication:
# Sources/MVVMMacros): each snippet below is
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
        -Xcc -fmodule-map-file="$MVVM_ROOT/Sources/CFFI/include/module.modulemap" \
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

expect view-model-on-a-struct 3 "@ViewModel applies to a class: its public API is what the host calls" << 'EOF_'
import MVVMRuntime

@ViewModel
struct Counter {}
EOF_

expect view-model-property-not-published 8 "@ViewModel: the public property total of Counter is neither @Published nor marked @Changes" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter {
    /// The total.
    public var total = 0
}
EOF_

expect view-model-member-without-doc 10 "@ViewModel: other of Counter needs a /// doc comment: it is the header's documentation of it" << 'EOF_'
import MVVMRuntime
import MVVMBindingCore

/// Counts.
@ViewModel
@MainActor
final class Counter: ObservableObject {
    /// Fine.
    @Published public var count = 0
    @Published public var other = 0
}
EOF_

expect view-model-type-without-doc 5 "@ViewModel: Counter needs a /// doc comment: its first paragraph is the header's summary of the type" << 'EOF_'
import MVVMRuntime

@ViewModel
@MainActor
final class Counter {}
EOF_

expect view-model-list-index-not-an-int 8 "@ListIndex: the first parameter of select in Counter is the index, an Int" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter {
    /// Selects.
    @ListIndex(of: "rows") public func select(_ name: String) {}
}
EOF_

expect view-model-parameter-of-an-array 8 "@ViewModel: the parameter names of add in Counter is a [String]; an argument is an Int, String, Bool, Double, UInt64, [Int] or [Int64]" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter {
    /// Adds.
    public func add(names: [String]) {}
}
EOF_

expect view-model-changes-naming-nothing-announced 9 "@Changes: \\Counter.total of doubled names neither another property Counter exports nor a @Published property" << 'EOF_'
import MVVMRuntime
import MVVMBindingCore

/// Counts.
@ViewModel
@MainActor
final class Counter: ObservableObject {
    /// Twice the total.
    @Changes(\Counter.total)
    public var doubled: Int { total * 2 }
    var total = 0
}
EOF_

expect view-model-changes-through-a-member 9 "@Changes: \\Counter.box.count of size is not a member of Counter" << 'EOF_'
import MVVMRuntime
import MVVMBindingCore

/// Counts.
@ViewModel
@MainActor
final class Counter: ObservableObject {
    /// The box's size.
    @Changes(\Counter.box.count)
    public var size: Int { box.count }
    @Published var box: [Int] = []
}
EOF_

expect view-model-changes-without-key-paths 8 "@Changes: name what announces doubled of Counter, by key paths" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter {
    /// Twice nothing.
    @Changes
    public var doubled: Int { 0 }
}
EOF_

expect view-model-on-destroy-with-a-parameter 8 "@OnDestroy: stop of Counter must be an instance method without parameters" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter {
    /// Stops.
    @OnDestroy func stop(now: Bool) {}
}
EOF_

expect view-model-on-destroy-twice 10 "@OnDestroy: Counter marks stop and close; the runtime calls one method" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter {
    /// Stops.
    @OnDestroy func stop() {}
    /// Closes.
    @OnDestroy func close() {}
}
EOF_

expect view-model-name-clash 11 "@ViewModel: flag and isOn of Counter both export as \"is-on\"" << 'EOF_'
import MVVMRuntime
import MVVMBindingCore

/// Counts.
@ViewModel
@MainActor
final class Counter: ObservableObject {
    /// On.
    @Published public var isOn = false
    /// Also on.
    @Exported("is-on") @Published public var flag = false
}
EOF_

expect view-model-settable-optional 9 "@ViewModel: the property selection of Counter is an optional a host could set" << 'EOF_'
import MVVMRuntime
import MVVMBindingCore

/// Counts.
@ViewModel
@MainActor
final class Counter: ObservableObject {
    /// The selected label; nil when none is.
    @Published public var selection: String?
}
EOF_

expect view-model-generic-without-specialization 6 "@ViewModel: Counter is generic; name the type it ships with: @ViewModel(specialization: DispatchQueue.self)" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter<S> {}
EOF_

expect host-constructor-not-static 8 "@HostConstructor: make of Counter must be a static func taking the host's adapter" << 'EOF_'
import MVVMRuntime

/// Counts.
@ViewModel
@MainActor
final class Counter {
    /// Over a host.
    @HostConstructor
    func make(_ host: HostImplementation) -> Counter { Counter() }
}
EOF_

expect host-interface-requirement-not-async 7 "@HostInterface: the requirement count of Counts must be async throws" << 'EOF_'
import MVVMRuntime

/// Counts a host keeps.
@HostInterface
public protocol Counts: Sendable {
    /// How many.
    func count() -> Int
}
EOF_

expect host-interface-on-a-class 3 "@HostInterface applies to a protocol" << 'EOF_'
import MVVMRuntime

@HostInterface
final class Counts {}
EOF_

expect register-application-namespace-not-a-literal 4 "#registerApplication: the namespace is a string literal" << 'EOF_'
import MVVMRuntime

let namespace = "shop"
#registerApplication(namespace: namespace)
EOF_

expect register-application-type-not-declared 5 "candidate requires that 'Shelf' conform to 'DeclaredObject'" << 'EOF_'
import MVVMRuntime

final class Shelf {}

#registerApplication(namespace: "shop", types: [Shelf.self])
EOF_

expect register-application-enum-not-declared 5 "instance method 'register(enumeration:prefix:)' requires that 'Shelf' conform to 'DeclaredEnum'" << 'EOF_'
import MVVMRuntime

enum Shelf { case top }

#registerApplication(namespace: "shop", enums: [Shelf.self])
EOF_

expect view-model-object-class-not-one 10 "cannot convert value of type 'ShelfObject.Type' to expected argument type 'any ViewModelObjectClass<ShelfViewModel>.Type'" << 'EOF_'
import MVVMBindingCore
import MVVMRuntime

/// A shelf.
@ViewModel(object: ShelfObject.self)
@MainActor
final class ShelfViewModel {
    /// Its label.
    @Published public var label = ""
}

/// Not a ViewModelObjectClass: the objects of no ViewModel.
@MainActor
final class ShelfObject: RuntimeObject {}
EOF_

if [ "$failures" -gt 0 ]; then
    echo "check-macro-diagnostics: $failures of $count failed" >&2
    exit 1
fi
echo "check-macro-diagnostics: all $count misuses of @Record, @Enumeration, @ViewModel (and its marks), @HostInterface and #registerApplication fail to compile, each naming its declaration and line"

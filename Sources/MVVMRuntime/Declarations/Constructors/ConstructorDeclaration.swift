import CMVVM

/// A named C constructor of a type whose objects are made by constructors of their own, not
/// `mvvm_object_new()` (a repository over a file, a server or the host's tables):
/// `NAMESPACE_PREFIX_NAME(parameters..., PREFIX **out)`. Declared once on the type
/// (`TypeDeclaration(constructors:)`); from it follow the prototype and its doc in the
/// application's header, the plug-in table's field, the `@c` export the generator writes
/// (one call into `TypedCall.construct`), the checks of every argument before `make` runs,
/// and the schema hash's line.
public struct ConstructorDeclaration: Sendable {
    /// One parameter, before the out-parameter.
    public struct Parameter: Sendable {
        package enum Kind: Sendable {
            /// `const char *`, UTF-8; NULL is refused.
            case string
            /// `const char *` that may be NULL.
            case nullableString
            /// `const OPTIONS *` that may be NULL. Built when first read (`BuiltOnFirstRead`), as is a
            /// table's interface: finding one constructor by name builds none of the others'.
            case options(BuiltOnFirstRead<OptionsStruct>)
            /// `const TABLE *`: a host's table of `interface`; NULL only when `optional`.
            case hostTable(BuiltOnFirstRead<HostInterfaceDeclaration>, optional: Bool)
            /// `void *user_data` of the host tables.
            case userData
            /// `mvvm_destroy_notify destroy`, called with user_data once every table is gone.
            case destroyNotify
        }

        package let name: String
        package let kind: Kind

        /// `const char *name`: a string (copied), refused when NULL or not UTF-8.
        public static func string(_ name: String) -> Self { Self(name: name, kind: .string) }
        /// `const char *name` that may be NULL (`nil` in `make`).
        public static func nullableString(_ name: String) -> Self { Self(name: name, kind: .nullableString) }
        /// `const OPTIONS *name`: NULL (`nil` in `make`: the defaults) or a struct of a version
        /// `options` accepts, read as this version's.
        public static func options<Options>(_ name: String, _ options: @autoclosure @escaping @Sendable () -> OptionsDeclaration<Options>)
            -> Self
        {
            Self(name: name, kind: .options(BuiltOnFirstRead { options() }))
        }
        /// `const TABLE *name`: the host's table of `interface` (copied); NULL is refused unless
        /// `optional`. A constructor with tables also takes `.userData` and `.destroyNotify`,
        /// shared by its tables: the notifier runs once they are all gone.
        public static func hostTable(
            _ name: String, _ interface: @autoclosure @escaping @Sendable () -> HostInterfaceDeclaration, optional: Bool = false
        ) -> Self {
            Self(name: name, kind: .hostTable(BuiltOnFirstRead(interface), optional: optional))
        }
        /// `void *user_data`, handed to the host tables' functions.
        public static var userData: Self { Self(name: "user_data", kind: .userData) }
        /// `mvvm_destroy_notify destroy` (may be NULL).
        public static var destroyNotify: Self { Self(name: "destroy", kind: .destroyNotify) }

        /// The C parameter.
        package var cParameter: CParameter {
            switch kind {
            case .string, .nullableString: .input(name, .string)
            case .options(let options): .input(name, .options(options.value.cType))
            case .hostTable(let interface, _): .input(name, .vtable(interface.value.cType))
            case .userData: .input(name, .userData)
            case .destroyNotify: .input(name, .destroyNotify)
            }
        }
    }

    /// The function's name after the type's prefix: "new_sample" (`app_store_new_sample`).
    public let name: String
    package let parameters: [Parameter]
    /// The header's sentence(s) about it. Paragraphs are separated by a blank line; a line
    /// starting with "- " is a list item.
    package let doc: String
    /// The out-parameter: "out_" and the type's handle name unless given.
    package let out: String?
    /// Makes the object from the checked arguments (the body's own checks throw `APIError`).
    package let make: @MainActor @Sendable (ConstructorArguments) throws(APIError) -> RuntimeObject

    /// `make` gets every argument checked: strings copied, options read at their version,
    /// host tables checked and copied over one user data and destroy notifier.
    public init(
        _ name: String, doc: String, parameters: [Parameter], out: String? = nil,
        make: @escaping @MainActor @Sendable (ConstructorArguments) throws(APIError) -> RuntimeObject
    ) {
        if let repeated = firstRepeated(in: parameters.map(\.name)) {
            preconditionFailure("constructor \(name) has two parameters named \(repeated)")
        }
        let hasLifetime =
            parameters.contains { if case .userData = $0.kind { true } else { false } }
            && parameters.contains { if case .destroyNotify = $0.kind { true } else { false } }
        precondition(
            Self.takeHostTables(parameters) == hasLifetime, "constructor \(name): host tables go with .userData and .destroyNotify, and only they")
        self.name = name
        self.doc = doc
        self.parameters = parameters
        self.out = out
        self.make = make
    }

    /// The C function's name for `type`: "app_store_new_sample".
    package func function(of type: TypeDeclaration) -> String { "\(type.cFunctionPrefix)_\(name)" }

    /// The C function: the parameters, then the owned out-parameter.
    package func cFunction(of type: TypeDeclaration) -> CFunctionType {
        .function(parameters.map(\.cParameter) + [.output(out ?? "out_\(type.handleName)", .object, owned: true)])
    }

    /// Whether it takes host tables (and so a user data and a destroy notifier).
    package var takesHostTables: Bool { Self.takeHostTables(parameters) }

    private static func takeHostTables(_ parameters: [Parameter]) -> Bool {
        parameters.contains { if case .hostTable = $0.kind { true } else { false } }
    }

    /// The host interfaces its tables implement.
    package var interfaces: [HostInterfaceDeclaration] {
        parameters.compactMap { if case .hostTable(let interface, _) = $0.kind { interface.value } else { nil } }
    }

    /// The options structs it takes.
    package var optionsStructs: [OptionsStruct] {
        parameters.compactMap { if case .options(let options) = $0.kind { options.value } else { nil } }
    }
}

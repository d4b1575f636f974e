import CMVVM

/// The arguments of a named constructor (`ConstructorDeclaration`), checked before its `make`
/// runs; read by parameter name. Asking for a name the constructor does not declare, or as
/// another kind, is a programming error of the declaration.
@MainActor
public struct ConstructorArguments {
    enum Argument {
        case string(String?)
        case options(Any?)
        case host(HostImplementation?)
        case none
    }

    let constructor: String
    let arguments: [String: Argument]

    /// A `.string` parameter's value.
    public func string(_ name: String) -> String {
        guard case .string(let value?) = argument(name) else { misuse(name, "a .string") }
        return value
    }

    /// A `.nullableString` parameter's value: nil for NULL.
    public func nullableString(_ name: String) -> String? {
        guard case .string(let value) = argument(name) else { misuse(name, "a .nullableString") }
        return value
    }

    /// An `.options` parameter's struct, read at its version: nil for NULL.
    public func options<Options>(_ name: String, as type: Options.Type = Options.self) -> Options? {
        guard case .options(let value) = argument(name) else { misuse(name, "an .options") }
        guard let value else { return nil }
        guard let options = value as? Options else { misuse(name, "an \(Options.self) .options") }
        return options
    }

    /// A `.hostTable` parameter's implementation: nil only for an optional table left NULL.
    public func host(_ name: String) -> HostImplementation? {
        guard case .host(let value) = argument(name) else { misuse(name, "a .hostTable") }
        return value
    }

    private func argument(_ name: String) -> Argument {
        guard let argument = arguments[name] else { misuse(name, "a") }
        return argument
    }

    private func misuse(_ name: String, _ kind: String) -> Never {
        preconditionFailure("constructor \(constructor) has no \(kind) parameter named \(name)")
    }
}

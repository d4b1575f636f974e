import CMVVM

/// Everything the C API exposes of one object type: properties (each announced by a
/// "notify::NAME" signal), commands and event signals. The single source for the signal
/// table of the type and for `mvvm_type_describe()`.
struct TypeDescription {
    struct Property {
        let name: String
        let shape: SignalShape
        let getter: String
        let getterSignature: String
    }

    struct Command {
        let name: String
        let function: String
        let signature: String
        /// What the command does, for argument-less commands: what a libffi command closure
        /// (`mvvm_command_closure_new()`) runs. Nil for commands that take arguments.
        let run: (@MainActor @Sendable (RuntimeObject) -> Void)?
    }

    let type: mvvm_type
    let name: String
    let properties: [Property]
    let commands: [Command]
    let events: [SignalSpec]

    /// Property notifications first, in declaration order, then events: signal indices.
    var signals: [SignalSpec] {
        properties.map { SignalSpec.notify($0.name, $0.shape) } + events
    }

}

extension TypeDescription.Property {
    /// A property read with `getter`, whose C out-parameter types are `outType`.
    static func property(_ name: String, _ shape: SignalShape, getter: String, outType: String) -> Self {
        Self(name: name, shape: shape, getter: getter, getterSignature: "mvvm_status (*)(mvvm_object *, \(outType))")
    }
}

extension TypeDescription.Command {
    /// A command; `arguments` lists the C parameters after the object. An argument-less
    /// command passes `run`, so it can also become a command closure.
    static func command(
        _ name: String, _ function: String, arguments: [String] = [],
        run: (@MainActor @Sendable (RuntimeObject) -> Void)? = nil
    ) -> Self {
        precondition(run == nil || arguments.isEmpty, "only argument-less commands can run as closures")
        return Self(
            name: name, function: function,
            signature: "mvvm_status (*)(\((["mvvm_object *"] + arguments).joined(separator: ", ")))", run: run)
    }
}

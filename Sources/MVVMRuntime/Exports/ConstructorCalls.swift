import CMVVM

// The bodies of the named constructors' and options structs' C functions that the generator
// writes (`ConstructorDeclaration`, `OptionsDeclaration`).

/// One C argument of a named constructor, as its `@c` function received it.
public enum ConstructorInput {
    case string(UnsafePointer<CChar>?)
    case options(UnsafeRawPointer?)
    case table(UnsafeRawPointer?)
    case userData(UnsafeMutableRawPointer?)
    case destroy(mvvm_destroy_notify?)
}

extension TypedCall {
    /// `PREFIX_NAME(arguments..., out)`: the constructor `constructor` of the type named
    /// `typeName`, its arguments checked in order (after the out-parameter), then made.
    public static func construct(
        _ typeName: String, _ constructor: String, _ inputs: [ConstructorInput], _ out: UnsafeMutablePointer<OpaquePointer?>?,
        _ parameter: String, function: StaticString = #function
    ) -> mvvm_status {
        apiCall(function: function) { runtime throws(APIError) in
            let out = try require(out, parameter)
            try TypeRegistry.shared.requireApplication()  // as in `new`
            guard let declaration = TypeRegistry.shared.declaration(named: typeName),
                let constructor = declaration.constructor(named: constructor)
            else { preconditionFailure("\(function) is generated from a constructor \(constructor) of \(typeName), which is not registered") }
            if Journal.isOn { journal(constructor, of: typeName, inputs) }
            out.pointee = runtime.register(try make(constructor, inputs))
            if Journal.isOn { JournalCalls.out(object: out.pointee) }
        }
    }

    /// The journal's record of a named constructor's call: its inputs as the host passed them.
    @MainActor
    private static func journal(_ constructor: ConstructorDeclaration, of typeName: String, _ inputs: [ConstructorInput]) {
        JournalCalls.operation("construct", type: typeName)
        JournalCalls.field("constructor", json: JournalJSON.quoted(constructor.name))
        let described = zip(constructor.parameters, inputs).map { parameter, input -> String in
            switch (parameter.kind, input) {
            case (_, .string(let pointer)): return pointer.map { JournalJSON.string(String(cString: $0)) } ?? "null"
            case (.options(let options), .options(let pointer)): return JournalEvents.options(options.value, pointer)
            case (.hostTable(let interface, _), .table(let pointer)): return JournalEvents.table(interface.value, pointer)
            default: return "null"
            }
        }
        JournalCalls.field("inputs", json: "[" + described.joined(separator: ",") + "]")
    }

    /// `OPTIONS_init(options)`: fills the caller's struct with the defaults. Any thread.
    nonisolated public static func initialiseOptions(_ cType: String, _ options: UnsafeMutableRawPointer?) -> mvvm_status {
        guard let options else { return LastError.fail(.nullPointer("options")) }
        guard let declaration = OptionsCatalog.options(named: cType) else {
            preconditionFailure("\(cType)_init is generated from an options struct no registered constructor takes")
        }
        declaration.writeDefaults(to: options)
        LastError.clear()
        return MVVM_OK
    }

    /// The object `constructor` makes from `inputs`. Host tables share one lifetime, which a
    /// refusal (of an argument or of `make`) abandons: nothing is kept and the host still owns
    /// its user data.
    @MainActor
    static func make(_ constructor: ConstructorDeclaration, _ inputs: [ConstructorInput]) throws(APIError) -> RuntimeObject {
        precondition(inputs.count == constructor.parameters.count, "one input per parameter of \(constructor.name)")
        var userData: UnsafeMutableRawPointer?
        var destroy: mvvm_destroy_notify?
        for input in inputs {
            if case .userData(let pointer) = input { userData = pointer }
            if case .destroy(let notify) = input { destroy = notify }
        }
        let lifetime = !constructor.takesHostTables ? nil : HostLifetime(userData: userData, destroy: destroy)
        do throws(APIError) {
            var arguments: [String: ConstructorArguments.Argument] = [:]
            for (parameter, input) in zip(constructor.parameters, inputs) {
                arguments[parameter.name] = try argument(parameter, input, lifetime)
            }
            return try constructor.make(ConstructorArguments(constructor: constructor.name, arguments: arguments))
        } catch {
            lifetime?.abandon()
            throw error
        }
    }

    @MainActor
    private static func argument(
        _ parameter: ConstructorDeclaration.Parameter, _ input: ConstructorInput, _ lifetime: HostLifetime?
    ) throws(APIError) -> ConstructorArguments.Argument {
        switch (parameter.kind, input) {
        case (.string, .string(let pointer)):
            return .string(try MVVMRuntime.string(from: pointer, parameter.name))
        case (.nullableString, .string(let pointer)):
            return .string(pointer == nil ? nil : try MVVMRuntime.string(from: pointer, parameter.name))
        case (.options(let options), .options(let pointer)):
            guard let pointer else { return .options(nil) }
            return .options(try options.value.read(any: pointer, parameter: parameter.name))
        case (.hostTable(let interface, let optional), .table(let pointer)):
            if pointer == nil && optional { return .host(nil) }
            return .host(try HostImplementation(interface.value, vtable: pointer, parameter: parameter.name, lifetime: lifetime!))
        case (.userData, .userData), (.destroyNotify, .destroy):
            return .none
        default:
            preconditionFailure("the generated call passes \(input) for the parameter \(parameter.name)")
        }
    }
}

/// Every options struct the registered constructors take, by C name (any thread: built once,
/// after the registry is sealed).
enum OptionsCatalog {
    private static let byName: [String: OptionsStruct] = {
        var byName: [String: OptionsStruct] = [:]
        for options in TypeRegistry.shared.declarations.flatMap(\.constructors).flatMap(\.optionsStructs) {
            if let known = byName[options.cType] {
                precondition(known === options, "two options declarations are named \(options.cType): declare it once and share it")
            }
            byName[options.cType] = options
        }
        return byName
    }()

    static func options(named cType: String) -> OptionsStruct? { byName[cType] }

    /// Every options struct, in the order the constructors first take them.
    static var all: [OptionsStruct] { all(in: TypeRegistry.shared.declarations) }

    static func all(in declarations: [TypeDeclaration]) -> [OptionsStruct] {
        var all: [OptionsStruct] = []
        for options in declarations.flatMap(\.constructors).flatMap(\.optionsStructs) where !all.contains(where: { $0 === options }) {
            all.append(options)
        }
        return all
    }
}

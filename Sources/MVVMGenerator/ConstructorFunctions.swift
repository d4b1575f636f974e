import MVVMRuntime

extension TypeDeclaration {
    /// A ViewModel's type, or a type with named constructors: it has a header section and
    /// typed exports.
    var hasTypedFunctions: Bool { viewModelTypeName != nil || !constructors.isEmpty }

    /// The C functions of the type's named constructors (`ConstructorDeclaration`), each
    /// preceded by the `_init` of an options struct it is the first of the registry to take.
    /// `rawRecords`: as in `typedFunctions(rawRecords:)`.
    func namedConstructorFunctions(rawRecords: Bool) -> [TypedFunction] {
        var functions: [TypedFunction] = []
        var earlier = Set(
            TypeCatalog.declarations.prefix { $0 !== self }.flatMap(\.constructors).flatMap(\.optionsStructs).map(\.cType))
        for constructor in constructors {
            for options in constructor.optionsStructs where earlier.insert(options.cType).inserted {
                functions.append(Self.initFunction(options, rawRecords: rawRecords))
            }
            let function = constructor.cFunction(of: self)
            let inputs = zip(constructor.parameters, function.parameters).map { parameter, cParameter in
                let name = TypedFunction.swiftName(cParameter.name)
                switch parameter.kind {
                case .string, .nullableString: return ".string(\(name))"
                case .options: return ".options(\(name))"
                case .hostTable: return ".table(\(name))"
                case .userData: return ".userData(\(name))"
                case .destroyNotify: return ".destroy(\(name))"
                }
            }
            let out = function.parameters.last!.name
            functions.append(
                TypedFunction(
                    name: constructor.function(of: self), parameters: function.parameters, doc: constructor.doc,
                    body: "TypedCall.construct(\(TypedFunction.literal(name)), \(TypedFunction.literal(constructor.name)), "
                        + "[\(inputs.joined(separator: ", "))], \(TypedFunction.swiftName(out)), \(TypedFunction.literal(out)))",
                    rawRecords: rawRecords))
        }
        return functions
    }

    /// `OPTIONS_init(OPTIONS *options)`: any thread.
    private static func initFunction(_ options: OptionsStruct, rawRecords: Bool) -> TypedFunction {
        TypedFunction(
            name: options.initFunction, parameters: [CParameter("options", CType(.options, name: options.cType, pointers: 1))],
            doc: "Fills *options with the defaults. Any thread.",
            body: "TypedCall.initialiseOptions(\(TypedFunction.literal(options.cType)), options)", rawRecords: rawRecords,
            isMainActor: false)
    }
}

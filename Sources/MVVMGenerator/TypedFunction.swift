import Foundation
import MVVMRuntime

/// One typed C function of a declared type: its prototype for the header and the plug-in
/// table, and the Swift `@c` function that implements it (one call into `TypedCall`).
struct TypedFunction {
    let name: String
    /// The object handle first where there is one.
    let parameters: [CParameter]
    let doc: String
    /// The body of the Swift function: an expression returning mvvm_status.
    let body: String
    /// Records are raw memory in the Swift function (see `CSpelling.swiftType`).
    var rawRecords = false
    /// Host thread only (every function but an options struct's `_init`, which is any thread's).
    var isMainActor = true

    var cPrototype: String {
        CSpelling.prototype("mvvm_status \(name)", parameters.map(\.declaration))
    }

    var swiftSource: String {
        let parameters = parameters.map { "_ \(Self.swiftName($0.name)): \(CSpelling.swiftType($0.type, rawRecords: rawRecords))" }
        return CSpelling.prototype("\(isMainActor ? "@MainActor " : "")@c public func \(name)", parameters, terminator: " -> mvvm_status {")
            + "\n    \(body)\n}\n"
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// "out_vm" -> "outVm"; Swift keywords avoided.
    static func swiftName(_ cName: String) -> String {
        let parts = cName.split(separator: "_")
        let name = parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
        return name == "repository" ? "repository" : name
    }
}

extension TypeDeclaration {
    /// Every typed function of this type, in header order: the `_init` of the options structs
    /// it is the first to take, its named constructors, then a ViewModel's constructor,
    /// commands, property getters, list getters.
    var typedFunctions: [TypedFunction] { typedFunctions(rawRecords: false) }

    /// `typedFunctions`, for an application's own header when `rawRecords` (its records' C
    /// structs are not visible to Swift: the exports write them as raw memory).
    func typedFunctions(rawRecords: Bool) -> [TypedFunction] {
        var functions = namedConstructorFunctions(rawRecords: rawRecords)
        guard let vmType = viewModelTypeName else { return functions }
        let handle = CParameter.input(handleName, .object)
        let handleArg = TypedFunction.swiftName(handleName)
        let literal = TypedFunction.literal
        func argumentValue(_ argument: MemberShape.Argument) -> String {
            let name = TypedFunction.swiftName(argument.name)
            switch argument.kind {
            case .bool: return "try TypedCall.flag(\(name), \(literal(argument.name)))"
            case .int64, .index: return ".int64(\(name))"
            case .uint64: return ".uint64(\(name))"
            case .string: return "try TypedCall.string(\(name), \(literal(argument.name)))"
            case .object: return ".object(\(name))"
            case .double: return ".double(\(name))"
            case .enumeration: return ".int32(\(name))"
            case .record(let kind):
                return "try TypedCall.lentRecord(\(name), \(kind.record!.swiftTypeName).self, \(literal(argument.name)))"
            case .int64Array:
                let countName = CName.arrayCount(of: argument.name)
                return "try TypedCall.int64Array(\(name), \(TypedFunction.swiftName(countName)), \(literal(argument.name)))"
            }
        }
        func converter(_ kind: ValueKind) -> String {
            switch kind {
            case .bool, .int32: return "TypedCall.int32"
            case .int64: return "TypedCall.int64"
            case .string: return "TypedCall.string"
            case .object: return "TypedCall.object"
            default:
                guard let record = kind.record else { preconditionFailure("no typed form of \(kind.cName)") }
                return "TypedCall.record(\(record.swiftTypeName).self)"
            }
        }
        /// The record's Swift type when its typed function takes raw memory, else nil.
        func rawRecord(_ kind: ValueKind) -> String? {
            guard rawRecords, let record = kind.record else { return nil }
            return record.swiftTypeName
        }
        /// How a typed call converts a value of `kind`: by the record's layout for a record of
        /// the application's own header, else by its `TypedCall` converter.
        func reading(_ kind: ValueKind) -> String {
            rawRecord(kind).map { "record: \($0).self" } ?? "as: \(converter(kind))"
        }
        let ids = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.name, $0) })
        for (id, member) in members.enumerated() where member.kind == .constructor {
            let parameters = member.cFunction.parameters
            let values = member.arguments.map(argumentValue).joined(separator: ", ")
            let out = parameters.last!.name
            functions.append(
                TypedFunction(
                    name: member.function!, parameters: parameters, doc: member.doc,
                    body: "TypedCall.new(\(vmType).self, [\(values)], \(TypedFunction.swiftName(out)), \(literal(out)))"))
            _ = id
        }
        if let interface = hostInterface, let (doc, out) = hostConstructorDoc {
            functions.append(
                TypedFunction(
                    name: "\(cFunctionPrefix)_new_host",
                    parameters: [
                        .input("vtable", .vtable(interface.cType)), .input("user_data", .userData), .input("destroy", .destroyNotify),
                        .output(out, .object, owned: true),
                    ],
                    doc: doc + (doc.isEmpty ? "" : " ") + """
                        The table is copied; `destroy` (may be NULL) is called with user_data once, when the last \
                        ViewModel using it is gone (or at shutdown). Refused as mvvm_object_new_host() says: then \
                        nothing is kept and the host still owns user_data.
                        """,
                    body: "TypedCall.newHost(\(vmType).self, vtable, userData, destroy, \(TypedFunction.swiftName(out)), \(literal(out)))",
                    rawRecords: rawRecords))
        }
        for (id, member) in members.enumerated() where member.kind == .command {
            let parameters = member.cFunction.parameters
            let body: String
            if let property = member.relatedName, let propertyID = ids[property] {
                body = "TypedCall.set(\(handleArg), \(vmType).self, \(propertyID), \(argumentValue(member.arguments[0])))"
            } else if member.valueKind != .none {
                let out = parameters.last!.name
                let values = member.arguments.map(argumentValue).joined(separator: ", ")
                body =
                    "TypedCall.invoke(\(handleArg), \(vmType).self, \(id), [\(values)], result: \(TypedFunction.swiftName(out)), \(reading(member.valueKind)))"
            } else if member.arguments.isEmpty {
                body = "TypedCall.invoke(\(handleArg), \(vmType).self, \(id))"
            } else {
                let values = member.arguments.map(argumentValue).joined(separator: ", ")
                body = "TypedCall.invoke(\(handleArg), \(vmType).self, \(id), [\(values)])"
            }
            functions.append(
                TypedFunction(
                    name: member.function!, parameters: parameters, doc: Self.withResultOwnership(member), body: body,
                    rawRecords: rawRecords))
        }
        for (id, member) in members.enumerated() where member.kind == .property {
            let parameters = member.cFunction.parameters
            let outs = parameters.dropFirst().map { (TypedFunction.swiftName($0.name), literal($0.name)) }
            let body: String
            // The shapes of mvvm.h's properties: a loaded flag and the value, a record or
            // MVVM_E_STATE while absent, the value.
            let conversion = reading(member.valueKind)
            if outs.count == 2 {
                body =
                    "TypedCall.getLoaded(\(handleArg), \(vmType).self, \(id), \(outs[0].0), \(outs[0].1), \(outs[1].0), \(outs[1].1), \(conversion))"
            } else if member.isNullable && member.valueKind.isRecord {
                body = "TypedCall.getPresent(\(handleArg), \(vmType).self, \(id), \(outs[0].0), \(outs[0].1), \(conversion))"
            } else {
                body = "TypedCall.get(\(handleArg), \(vmType).self, \(id), \(outs[0].0), \(outs[0].1), \(conversion))"
            }
            functions.append(
                TypedFunction(
                    name: member.function!, parameters: parameters, doc: Self.withCFact(member), body: body,
                    rawRecords: rawRecords))
        }
        for (id, member) in members.enumerated() where member.kind == .list {
            if let countName = member.countName, ids[countName] == nil {
                let out = countName.hasSuffix("-count") ? "out_count" : "out_" + CSpelling.snake(countName)
                functions.append(
                    TypedFunction(
                        name: "\(cFunctionPrefix)_get_\(CSpelling.snake(countName))", parameters: [handle, .output(out, .int64)],
                        doc: listCountDoc(member),
                        body: "TypedCall.count(\(handleArg), \(vmType).self, \(id), \(TypedFunction.swiftName(out)), \(literal(out)))"))
            }
            let parameters = member.cFunction.parameters
            let out = parameters[2].name
            functions.append(
                TypedFunction(
                    name: member.function!, parameters: parameters, doc: member.doc,
                    body:
                        "TypedCall.item(\(handleArg), \(vmType).self, \(id), index, \(TypedFunction.swiftName(out)), \(literal(out)), \(reading(member.valueKind)))",
                    rawRecords: rawRecords))
        }
        return functions
    }

    /// A command's doc; with a record result, followed by how long the struct's strings live
    /// (they are lent as a getter's are).
    private static func withResultOwnership(_ member: MemberShape) -> String {
        guard member.valueKind.isRecord, let out = member.cFunction.parameters.last?.name else { return member.doc }
        return member.doc + (member.doc.isEmpty ? "" : " ") + """
            `\(out)` may be NULL; the struct's strings are borrowed until the next getter or command \
            call on this object, a change of it, or its destruction.
            """
    }

    /// A property's doc, naming its C enum when it is one, or "0/1" for a flag, when the doc
    /// does not say so already (its getter's out-parameter is an int32_t: see `ApplicationHeader`).
    private static func withCFact(_ member: MemberShape) -> String {
        let fact: String
        if let cType = member.enumName {
            fact = cType
        } else if member.valueKind == .bool {
            fact = "0/1"
        } else {
            return member.doc
        }
        guard !member.doc.contains(fact) else { return member.doc }
        let sentence = member.doc.hasSuffix(".") ? String(member.doc.dropLast()) : member.doc
        return sentence + (sentence.isEmpty ? "" : " ") + "(\(fact))."
    }

    private func listCountDoc(_ list: MemberShape) -> String {
        countDoc(of: list.name)
    }
}

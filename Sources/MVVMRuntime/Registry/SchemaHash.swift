/// The application's schema hash: a fingerprint of everything its header declares from the
/// registry, so a host built against one header (or Python stubs generated from one build)
/// and a library built from other declarations are told apart before a call goes wrong.
///
/// It is 64-bit FNV-1a, as 16 hex digits, over a canonical listing, one fact a line: each type
/// (number, name, C prefix; every member's name, kind, typed function, C signature, value kind,
/// flags, enum, related and count names, and arguments), each record (kind, name, C names,
/// size, alignment, whether it is readable; every field's name, kind, nullability and
/// offset), each enum (its C type; every case's constant and value) and each host interface
/// (its table's C type, size and earlier sizes; every slot's declaration, answer and optionality),
/// each named constructor (its function, C type and parameters) and options struct (its C name,
/// size and earlier sizes). Docs are
/// not part of it, and neither is anything hand-written in a header. (UniFFI's checksums cover
/// function signatures only, #1789 in its tracker: here a record field's kind or offset counts.)
/// The generator writes the same hash into the application's header; `mvvm_schema_hash()`
/// answers it from the library.
package enum SchemaHash {
    /// The loaded application's hash (computed once, after the registry is sealed).
    package static let value: String = hash(of: listing(TypeRegistry.shared))

    /// The canonical listing the hash is taken over.
    package static func listing(_ registry: TypeRegistry) -> String {
        var lines: [String] = []
        for declaration in registry.declarations {
            lines.append("type \(declaration.type) \(declaration.name) \(declaration.cFunctionPrefix)")
            for member in declaration.members {
                let arguments = member.arguments.map { "\($0.name):\($0.valueKind.rawValue)" }.joined(separator: ",")
                let flags = (member.isSettable ? "s" : "") + (member.isNullable ? "n" : "")
                lines.append(
                    "  member \(member.name) \(member.kind.rawValue) \(member.function ?? "-") [\(member.cSignature)] "
                        + "\(member.valueKind.rawValue) \(flags) \(member.enumName ?? "-") \(member.relatedName ?? "-") "
                        + "\(member.countName ?? "-") (\(arguments))")
            }
            for constructor in declaration.constructors {
                let function = constructor.cFunction(of: declaration)
                let parameters = function.parameters.map { "\($0.name):\($0.direction.rawValue):\($0.ownership.rawValue)" }
                    .joined(separator: ",")
                lines.append("  constructor \(constructor.function(of: declaration)) [\(function.signature)] (\(parameters))")
            }
            for interface in declaration.interfaces {
                lines.append("  interface \(interface.cType) \(interface.size)")
                for version in interface.earlierVersions {
                    lines.append("  earlier \(version.version) \(interface.size(ofMembers: version.memberCount))")
                }
                for member in interface.members {
                    lines.append("    slot [\(member.cDeclaration)] \(answer(member.answer)) \(member.isOptional)")
                }
            }
        }
        for options in OptionsCatalog.all(in: registry.declarations) {
            lines.append("options \(options.cType) \(options.size)")
            for version in options.earlierVersions { lines.append("  earlier \(version.version) \(version.size)") }
        }
        for record in registry.registeredRecords {
            lines.append(
                "record \(record.kind) \(record.name) \(record.cType) \(record.cName) "
                    + "\(record.layout.size) \(record.layout.alignment) \(record.isReadable)")
            for (index, field) in record.fields.enumerated() {
                lines.append(
                    "  field \(field.name) \(field.kind.valueKind.rawValue) \(field.kind.isNullable) \(record.layout.offsets[index])"
                        + (field.enumCType.map { " enum \($0)" } ?? ""))
            }
        }
        for enumeration in registry.registeredEnums {
            lines.append("enum \(enumeration.cType)")
            for enumCase in enumeration.cases { lines.append("  case \(enumCase.cName) \(enumCase.number)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func answer(_ shape: HostAnswerShape?) -> String {
        switch shape {
        case nil: "-"
        case .nothing: "nothing"
        case .value(let kind): "value:\(kind.rawValue)"
        case .list(let kind): "list:\(kind.rawValue)"
        case .custom(let function): "custom:\(function)"
        }
    }

    /// 64-bit FNV-1a of `text`'s UTF-8, as 16 lowercase hex digits.
    package static func hash(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

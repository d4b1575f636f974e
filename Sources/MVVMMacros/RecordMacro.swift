import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Record` on a struct: its stored properties are the record's fields, in order (C names in
/// snake case, docs from their `///` comments), and the memberwise initialiser builds the
/// model back from C, after the type's `validatedRecord(_:fields:)` if it has one. The field
/// kinds are not read here: the expansion calls `.field(name, \.property)`, and the type
/// checker picks the builder for the property's type, so a property of a type no record can
/// hold fails to compile at that field.
public struct RecordMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(MacroError("@Record applies to a struct: its stored properties are the record's fields").diagnostic(at: node))
            return []
        }
        let typeName = structDecl.name.text
        let properties = SyntaxFacts.storedProperties(of: structDecl.memberBlock)
        guard !properties.isEmpty else {
            context.diagnose(
                MacroError("@Record: \(typeName) has no stored properties, so its record would have no fields").diagnostic(at: structDecl.name))
            return []
        }
        let arguments = MacroArguments(node)
        let readable = arguments.bool("readable") ?? true
        let name = arguments.string("name") ?? typeName
        let access = SyntaxFacts.access(of: structDecl.modifiers)
        var fields: [String] = []
        for property in properties {
            let builder: String
            switch FieldType(property.type) {
            case .builtIn: builder = "field"
            case .declaredEnum: builder = "enumerationField"
            case .unsupported(let spelling):
                context.diagnose(
                    MacroError(
                        "@Record: the property \(property.name) of \(typeName) is a \(spelling); a record field is an Int, Int64, Int32, Bool, Double, String, String? or an @Enumeration enum"
                    ).diagnostic(at: property.node))
                return []
            }
            let doc = property.doc.isEmpty ? "" : ", doc: \(SyntaxFacts.literal(property.doc))"
            fields.append("            .\(builder)(\(SyntaxFacts.literal(SyntaxFacts.snakeCase(property.name))), \\.\(property.name)\(doc)),")
        }
        var make = ""
        if readable {
            let labels = properties.map { "\($0.name): fields[\(SyntaxFacts.literal(SyntaxFacts.snakeCase($0.name)))]" }
            make = """
                ,
                        make: { fields throws(APIError) in
                            try \(typeName).validatedRecord(\(typeName)(\(labels.joined(separator: ", "))), fields: fields)
                        }
                """
        }
        let text = """
            extension \(type.trimmed): RecordValue {
                \(access)static let recordDeclaration = RecordDeclaration<\(typeName)>(
                    name: \(SyntaxFacts.literal(name)), doc: \(SyntaxFacts.literal(SyntaxFacts.doc(structDecl.leadingTrivia))),
                    fields: [
            \(fields.joined(separator: "\n"))
                    ]\(make))
            }
            """
        return [try ExtensionDeclSyntax("\(raw: text)")]
    }
}

/// What a field's written type says of its kind, before the type checker resolves it.
private enum FieldType {
    /// A type a record field builder takes (or a type not written, which inference finds).
    case builtIn
    /// Any other named type: an `@Enumeration`, which the expansion's `enumerationField`
    /// requires (so a type that is not one fails there, saying so).
    case declaredEnum
    /// An array, dictionary, tuple, function or optional other than `String?`.
    case unsupported(String)

    private static let builtIns: Set<String> = [
        "Int", "Int64", "Int32", "Bool", "Double", "String", "String?", "Optional<String>", "Swift.Int", "Swift.String",
    ]

    init(_ type: TypeSyntax?) {
        guard let type else {
            self = .builtIn
            return
        }
        let spelling = type.trimmedDescription
        if Self.builtIns.contains(spelling) {
            self = .builtIn
        } else if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self), !spelling.contains("<") {
            self = .declaredEnum
        } else {
            self = .unsupported(spelling)
        }
    }
}

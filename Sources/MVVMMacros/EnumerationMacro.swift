import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Enumeration` on an enum without payloads: its cases are the C enum's, in order (names in
/// snake case, docs from their `///` comments, numbers from their integer raw values, else
/// counting on from the case before, as Swift's raw values do).
public struct EnumerationMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
            context.diagnose(MacroError("@Enumeration applies to an enum: its cases are the C enum's").diagnostic(at: node))
            return []
        }
        let typeName = enumDecl.name.text
        var cases: [String] = []
        var failed = false
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            let doc = SyntaxFacts.doc(caseDecl.leadingTrivia)
            for element in caseDecl.elements {
                let caseName = element.name.text
                if element.parameterClause != nil {
                    context.diagnose(
                        MacroError(
                            "@Enumeration: the case \(caseName) of \(typeName) carries values; a C enum is its cases only (declare an EnumDeclaration with .case(_:where:) for an enum with payloads)"
                        ).diagnostic(at: element))
                    failed = true
                    continue
                }
                var number = ""
                if let raw = element.rawValue?.value {
                    guard isIntegerLiteral(raw) else {
                        context.diagnose(
                            MacroError(
                                "@Enumeration: the case \(caseName) of \(typeName) has a raw value that is not an integer; a C enum case is a number"
                            )
                            .diagnostic(at: raw))
                        failed = true
                        continue
                    }
                    number = ", number: \(raw.trimmedDescription)"
                }
                let docArgument = doc.isEmpty ? "" : ", doc: \(SyntaxFacts.literal(doc))"
                cases.append("            .case(\(SyntaxFacts.literal(SyntaxFacts.snakeCase(caseName))), .\(caseName)\(number)\(docArgument)),")
            }
        }
        if failed { return [] }
        guard !cases.isEmpty else {
            context.diagnose(MacroError("@Enumeration: \(typeName) has no cases").diagnostic(at: enumDecl.name))
            return []
        }
        let name = MacroArguments(node).string("name") ?? typeName
        let access = SyntaxFacts.access(of: enumDecl.modifiers)
        let text = """
            extension \(type.trimmed): DeclaredEnum {
                \(access)static let declaration = EnumDeclaration<\(type.trimmed)>(
                    name: \(SyntaxFacts.literal(name)), doc: \(SyntaxFacts.literal(SyntaxFacts.doc(enumDecl.leadingTrivia))),
                    cases: [
            \(cases.joined(separator: "\n"))
                    ])
            }
            """
        return [try ExtensionDeclSyntax("\(raw: text)")]
    }

    /// `3` or `-3`.
    private static func isIntegerLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) { return true }
        guard let prefix = expression.as(PrefixOperatorExprSyntax.self) else { return false }
        return prefix.operator.text == "-" && prefix.expression.is(IntegerLiteralExprSyntax.self)
    }
}

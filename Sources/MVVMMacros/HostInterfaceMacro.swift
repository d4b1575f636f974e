import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@HostInterface` on a protocol: its requirements are the host's table, and the expansion
/// is the adapter class that calls it (`Host<Protocol>`), with the table's declaration as its
/// `interface`. Every requirement is `async throws` (the host answers later, or fails).
public struct HostInterfaceMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let protocolDecl = declaration.as(ProtocolDeclSyntax.self) else {
            context.diagnose(MacroError("@HostInterface applies to a protocol: its requirements are the host's table").diagnostic(at: node))
            return []
        }
        let name = protocolDecl.name.text
        let lit = SyntaxFacts.literal
        guard let summary = SyntaxFacts.paragraphs(protocolDecl.leadingTrivia).first else {
            context.diagnose(
                MacroError("@HostInterface: \(name) needs a /// doc comment: its first paragraph is the header's summary of the table").diagnostic(
                    at: protocolDecl.name))
            return []
        }
        var members: [String] = []
        var methods: [String] = []
        var failed = false
        for member in protocolDecl.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
            let swiftName = function.name.text
            let effects = function.signature.effectSpecifiers
            guard effects?.asyncSpecifier != nil, effects?.throwsClause != nil else {
                context.diagnose(
                    MacroError("@HostInterface: the requirement \(swiftName) of \(name) must be async throws: the host answers later, or fails")
                        .diagnostic(
                            at: function.name))
                failed = true
                continue
            }
            let doc = SyntaxFacts.doc(function.leadingTrivia)
            guard !doc.isEmpty else {
                context.diagnose(
                    MacroError("@HostInterface: \(swiftName) of \(name) needs a /// doc comment: it is the header's documentation of it").diagnostic(
                        at: function.name))
                failed = true
                continue
            }
            let cName = Attributes(function.attributes).string("Exported") ?? SyntaxFacts.snakeCase(swiftName)
            var arguments: [String] = []
            var values: [String] = []
            for parameter in function.signature.parameterClause.parameters {
                let own = (parameter.secondName ?? parameter.firstName).text
                arguments.append(".exported(\(lit(SyntaxFacts.snakeCase(own))), \(parameter.type.trimmedDescription).self)")
                values.append(".exported(\(own))")
            }
            let result = function.signature.returnClause?.type.trimmedDescription
            let answer = result.map { ".exported(\($0).self)" } ?? ".nothing"
            let argumentList = arguments.isEmpty ? "" : ", arguments: [\(arguments.joined(separator: ", "))]"
            members.append("            .method(\(lit(cName)), \(lit(doc))\(argumentList), answer: \(answer)),")
            let call = "try await host.call(\(lit(cName))\(values.isEmpty ? "" : ", [\(values.joined(separator: ", "))]"))"
            var modifiers = function.modifiers.map(\.trimmedDescription).joined(separator: " ")
            if !modifiers.isEmpty { modifiers += " " }
            let signature = function.signature.trimmedDescription
            methods.append(
                """
                    public \(modifiers)func \(swiftName)\(signature) {
                        \(result == nil ? "_ = \(call)" : "\(call).exported()")
                    }
                """)
        }
        if failed { return [] }
        let namespace = ", cNamespace: " + (MacroArguments(node).string("namespace").map(lit) ?? SyntaxFacts.applicationNamespace)
        let access = SyntaxFacts.access(of: protocolDecl.modifiers)
        let text = """
            /// `\(name)` as a host implements it: every requirement calls the host's table
            /// (`interface`, written by `@HostInterface`).
            \(access)final class Host\(name): \(name), HostAdapter {
                let host: HostImplementation

                \(access)init(host: HostImplementation) { self.host = host }

                \(access)nonisolated static let interface = HostInterfaceDeclaration(
                    name: \(lit(name))\(namespace), summary: \(lit(summary)),
                    members: [
            \(members.joined(separator: "\n"))
                        .cancel,
                    ])

            \(methods.joined(separator: "\n\n"))
            }
            """
        return [DeclSyntax(stringLiteral: text)]
    }
}

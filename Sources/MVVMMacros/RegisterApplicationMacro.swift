import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#registerApplication(namespace:enums:records:types:)`: the application's registration
/// function (`MVVMApplicationRegisterTypes`, which the framework calls once), registering the
/// enums first, then the records (each with the namespace as its C prefix), then the types in
/// the order given, which is their type-number order, each by its type (`register(enumeration:
/// prefix:)`, `register(type:)`: the type checker picks the overload for an `@Enumeration`, a
/// `ViewState`, a ViewModel or an object class); a refusal is kept
/// (`TypeRegistry.registerApplication`), not trapped.
public struct RegisterApplicationMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var namespace: String?
        var lists: [String: [String]] = [:]
        for argument in node.arguments {
            guard let label = argument.label?.text else { continue }
            if label == "namespace" {
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                    case .stringSegment(let segment) = literal.segments.first
                else {
                    context.diagnose(MacroError("#registerApplication: the namespace is a string literal (\"notes\")").diagnostic(at: argument))
                    return []
                }
                namespace = segment.content.text
                continue
            }
            guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                context.diagnose(MacroError("#registerApplication: \(label) is an array literal of types (`[Item.self]`)").diagnostic(at: argument))
                return []
            }
            var types: [String] = []
            for element in array.elements {
                let text = element.expression.trimmedDescription
                guard text.hasSuffix(".self") else {
                    context.diagnose(MacroError("#registerApplication: \(text) is not a type (`Item.self`)").diagnostic(at: element))
                    return []
                }
                types.append(String(text.dropLast(".self".count)))
            }
            lists[label] = types
        }
        guard let namespace else { return [] }  // the declaration's own parameter list requires it
        let prefix = SyntaxFacts.literal(namespace)
        var lines: [String] = []
        lines += (lists["enums"] ?? []).map { "try registry.register(enumeration: \($0).self, prefix: \(prefix))" }
        lines += (lists["records"] ?? []).map { "try registry.register(record: \($0).self, prefix: \(prefix))" }
        lines += (lists["types"] ?? []).map { "try registry.register(type: \($0).self)" }
        let text = """
            /// The application's C namespace (`#registerApplication`): the start of its C names,
            /// and of those of its `@ViewModel` types and `@HostInterface` tables that name none.
            var \(SyntaxFacts.applicationNamespace): String { \(prefix) }

            /// The application's registration function (`#registerApplication`), which the
            /// framework calls once, on the registry's first use: enums, records, then types in
            /// type-number order. A refused registration is kept: mvvm_init() answers it.
            @c(MVVMApplicationRegisterTypes) public func _mvvmRegisterApplication() {
                TypeRegistry.shared.registerApplication { registry throws(RegistrationError) in
                    \(lines.joined(separator: "\n        "))
                }
            }
            """
        return [DeclSyntax(stringLiteral: text)]
    }
}

import SwiftDiagnostics
import SwiftSyntax

/// A macro's refusal: a compile-time error at the declaration it names.
struct MacroError: DiagnosticMessage, Error {
    let message: String
    var diagnosticID: MessageID { MessageID(domain: "MVVMMacros", id: "declaration") }
    var severity: DiagnosticSeverity { .error }

    init(_ message: String) { self.message = message }

    /// The error as a diagnostic at `node`.
    func diagnostic(at node: some SyntaxProtocol) -> Diagnostic { Diagnostic(node: Syntax(node), message: self) }
}

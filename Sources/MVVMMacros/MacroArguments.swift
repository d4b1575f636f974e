import SwiftSyntax

/// A macro attribute's labelled literal arguments: `@Record(name: "Item", readable: false)`.
struct MacroArguments {
    private var values: [String: ExprSyntax] = [:]

    init(_ node: AttributeSyntax) {
        guard case .argumentList(let list) = node.arguments else { return }
        for argument in list {
            if let label = argument.label?.text { values[label] = argument.expression }
        }
    }

    func string(_ label: String) -> String? {
        guard let literal = values[label]?.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    func bool(_ label: String) -> Bool? {
        guard let literal = values[label]?.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }
}

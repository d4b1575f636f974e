import SwiftSyntax

/// A macro attribute's labelled literal arguments: `@Record(name: "Item", readable: false)`.
struct MacroArguments {
    private var values: [String: ExprSyntax] = [:]

    /// The unlabelled first argument, if it is a string literal: `@ViewModel("ItemEditor")`.
    private(set) var firstString: String?

    init(_ node: AttributeSyntax) {
        guard case .argumentList(let list) = node.arguments else { return }
        for argument in list {
            if let label = argument.label?.text { values[label] = argument.expression }
        }
        if let first = list.first, first.label == nil { firstString = Self.text(first.expression) }
    }

    private static func text(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    func string(_ label: String) -> String? { values[label].flatMap(Self.text) }

    /// A `T.self` argument's type: `specialization: DispatchQueue.self` → `DispatchQueue`.
    func typeExpression(_ label: String) -> String? {
        guard let text = values[label]?.trimmedDescription, text.hasSuffix(".self") else { return nil }
        return String(text.dropLast(".self".count))
    }

    func bool(_ label: String) -> Bool? {
        guard let literal = values[label]?.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }
}

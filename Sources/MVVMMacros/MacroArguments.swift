import SwiftSyntax

/// An attribute's literal arguments: `@Record(name: "Item", readable: false)`,
/// `@Exported("delete-row", out: "out_note")`, `@Changes(\Editor.$note)`.
struct MacroArguments {
    private var values: [String: ExprSyntax] = [:]
    /// The unlabelled first argument.
    private var first: ExprSyntax?
    /// The unlabelled arguments (a variadic parameter's), in order.
    private var unlabelled: [ExprSyntax] = []

    init(_ node: AttributeSyntax) {
        guard case .argumentList(let list) = node.arguments else { return }
        var labelled = false
        for argument in list {
            if let label = argument.label?.text {
                values[label] = argument.expression
                labelled = true
            } else if !labelled {
                unlabelled.append(argument.expression)
            }
        }
        if let head = list.first, head.label == nil { first = head.expression }
    }

    /// The unlabelled first argument, if it is a string literal: `@ViewModel("ItemEditor")`.
    var firstString: String? { first.flatMap(Self.text) }

    /// The components after the root of each unlabelled argument that is a key path, in order:
    /// `@Changes(\List.loading, \List.$rows)` → `[".loading", ".$rows"]`.
    var keyPaths: [String] { unlabelled.compactMap(Self.components) }

    func string(_ label: String) -> String? { values[label].flatMap(Self.text) }

    /// The components after the root of the key path labelled `label`.
    func keyPath(_ label: String) -> String? { values[label].flatMap(Self.components) }

    /// A `T.self` argument's type: `specialization: DispatchQueue.self` → `DispatchQueue`.
    func typeExpression(_ label: String) -> String? {
        guard let text = values[label]?.trimmedDescription, text.hasSuffix(".self") else { return nil }
        return String(text.dropLast(".self".count))
    }

    func bool(_ label: String) -> Bool? {
        guard let literal = values[label]?.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    private static func text(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    private static func components(_ expression: ExprSyntax) -> String? {
        expression.as(KeyPathExprSyntax.self)?.components.map(\.trimmedDescription).joined()
    }
}

/// The attributes of a member, by name, each with its arguments.
struct Attributes {
    private var byName: [String: MacroArguments] = [:]

    init(_ list: AttributeListSyntax) {
        for element in list {
            guard case .attribute(let attribute) = element else { continue }
            byName[attribute.attributeName.trimmedDescription] = MacroArguments(attribute)
        }
    }

    func has(_ name: String) -> Bool { byName[name] != nil }

    /// The first, unlabelled string argument: `@Exported("delete-row")`.
    func string(_ name: String) -> String? { byName[name]?.firstString }

    func labelledString(_ name: String, _ label: String) -> String? { byName[name]?.string(label) }

    /// Every unlabelled key path argument's components: `@Changes(\List.loading, \List.count)`.
    func keyPaths(_ name: String) -> [String] { byName[name]?.keyPaths ?? [] }

    func labelledBool(_ name: String, _ label: String) -> Bool? { byName[name]?.bool(label) }

    func labelledKeyPath(_ name: String, _ label: String) -> String? { byName[name]?.keyPath(label) }
}

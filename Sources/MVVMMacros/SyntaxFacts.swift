import SwiftSyntax

/// What the macros read from declarations: names, doc comments, stored properties, access.
enum SyntaxFacts {
    /// `updatedAt` → `updated_at`: the framework's own rule, whose file the plugin compiles
    /// too (scripts/build-macros.sh), so a C name derives the same in both.
    static func snakeCase(_ name: String) -> String { CName.snakeCase(name) }

    /// The `///` doc comment before a declaration, its lines joined by spaces and its blank
    /// lines kept as paragraph breaks ("" when there is none).
    static func doc(_ trivia: Trivia) -> String { paragraphs(trivia).joined(separator: "\n\n") }

    /// The doc comment's paragraphs, each one line.
    static func paragraphs(_ trivia: Trivia) -> [String] {
        var paragraphs: [[String]] = [[]]
        for piece in trivia {
            guard case .docLineComment(let line) = piece else { continue }
            let text = line.dropFirst(3).trimmingLeadingSpace()
            if text.isEmpty {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(text)
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
    }

    /// What an expansion names for the C namespace when its attribute gives none: the global
    /// `#registerApplication(namespace:)` writes into the application's module, which shadows
    /// the framework's ("mvvm") there.
    static let applicationNamespace = "_mvvmNamespace"

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    /// The access a generated member of `declaration` needs: `public` for a public or open
    /// type, else none (internal).
    static func access(of modifiers: DeclModifierListSyntax) -> String {
        modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
    }

    /// A stored instance property: a name and the doc comment of its declaration.
    struct StoredProperty {
        let name: String
        let doc: String
        /// The type as written, when it is (`var count = 0` has none).
        let type: TypeSyntax?
        let node: Syntax
    }

    /// The stored instance properties of a type's body, in declaration order: no computed
    /// properties, no statics, no `let` with a value (it is not the initialiser's).
    static func storedProperties(of members: MemberBlockSyntax) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if isStatic(variable.modifiers) { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let doc = doc(variable.leadingTrivia)
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                if let accessors = binding.accessorBlock, !isObserverBlock(accessors) { continue }
                if isLet && binding.initializer != nil { continue }
                properties.append(
                    StoredProperty(name: pattern.identifier.text, doc: doc, type: binding.typeAnnotation?.type, node: Syntax(binding)))
            }
        }
        return properties
    }

    /// `static` or `class`: a member of the type, not of its instances.
    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["static", "class"].contains($0.name.text) }
    }

    /// `{ willSet … didSet … }`: a stored property with observers.
    static func isObserverBlock(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
}

extension Substring {
    fileprivate func trimmingLeadingSpace() -> String { String(drop { $0 == " " }) }
}

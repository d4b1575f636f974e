import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ViewModel` on a class: its public API is its C API. `@Published public var` properties
/// (settable unless `private(set)` or `@Exported(readOnly: true)`), public `let` constants,
/// public computed properties marked `@Changes` (key paths to publishers they are announced by,
/// or to other exported properties they derive from; a getter that throws makes one absent
/// while it throws), arrays marked `@List`, public methods (commands, a return value their
/// result unless `@Exported(discardsResult: true)`), public `PassthroughSubject`s (events), one
/// `@Constructor` and one `@HostConstructor static func`, and the `@OnDestroy` method (the
/// declaration's `tearDown:`); C names in kebab case (`draftTitle` → "draft-title"), or as
/// `@Exported("…")` says; docs from the `///` comments, which the header needs (a member
/// without one is refused). The kinds are the type checker's: the expansion calls the
/// `exported` builders, whose overloads take the Swift types a member can have.
///
/// `object: AisleObject.self` names the class of the type's objects (a
/// `ViewModelObjectClass`), with the lists and events it serves itself.
///
/// A class generic over one parameter (a scheduler, for `TestScheduler` in tests) is declared
/// for the type it ships with, `specialization: DispatchQueue.self`: the declaration is then a
/// global beside the class (generic types have no stored statics), and the conformance a
/// constrained extension.
public struct ViewModelMacro: ExtensionMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(MacroError("@ViewModel applies to a class: its public API is what the host calls").diagnostic(at: node))
            return []
        }
        guard let made = declarationExpression(classDecl, node, context) else { return [] }
        let access = SyntaxFacts.access(of: classDecl.modifiers)
        let text: String
        if let generic = made.generic {
            text = """
                extension \(type.trimmed): DeclaredViewModel where \(generic.parameter) == \(generic.specialization) {
                    \(access)nonisolated static var declaration: ViewModelDeclaration<\(made.viewModel)> { \(globalName(classDecl)) }
                    \(access)nonisolated static var declaredNames: TypeNames { \(made.names) }
                }
                """
        } else {
            text = """
                extension \(type.trimmed): DeclaredViewModel {
                    \(access)nonisolated static let declaration = \(made.expression)
                    \(access)nonisolated static var declaredNames: TypeNames { \(made.names) }
                }
                """
        }
        return [try ExtensionDeclSyntax("\(raw: text)")]
    }

    /// For a generic class: the global holding its declaration.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self), classDecl.genericParameterClause != nil,
            let made = declarationExpression(classDecl, node, nil)
        else { return [] }
        return ["\(raw: "/// The declaration of `\(made.viewModel)` (`@ViewModel`).\nlet \(globalName(classDecl)) = \(made.expression)")"]
    }

    /// `_mvvmDeclarationOfSearchViewModel`.
    private static func globalName(_ classDecl: ClassDeclSyntax) -> String { "_mvvmDeclarationOf\(classDecl.name.text)" }

    /// The `ViewModelDeclaration(...)` expression, the ViewModel type it declares, and for a
    /// generic class its parameter and the type it ships with; nil (with the refusals
    /// diagnosed, when `context` is given: the extension role reports, the peer role is quiet)
    /// when the class cannot be declared.
    private static func declarationExpression(
        _ classDecl: ClassDeclSyntax, _ node: AttributeSyntax, _ context: (any MacroExpansionContext)?
    ) -> (expression: String, names: String, viewModel: String, generic: (parameter: String, specialization: String)?)? {
        let typeName = classDecl.name.text
        let arguments = MacroArguments(node)
        var generic: (parameter: String, specialization: String)?
        if let parameters = classDecl.genericParameterClause?.parameters {
            guard parameters.count == 1, let specialization = arguments.typeExpression("specialization") else {
                context?.diagnose(
                    MacroError(
                        "@ViewModel: \(typeName) is generic; name the type it ships with: @ViewModel(specialization: DispatchQueue.self) (one generic parameter)"
                    ).diagnostic(at: classDecl.name))
                return nil
            }
            generic = (parameters.first!.name.text, specialization)
        }
        let viewModel = generic.map { "\(typeName)<\($0.specialization)>" } ?? typeName
        let members = ViewModelMembers(classDecl.memberBlock, typeName: typeName)
        for (message, node) in members.refusals { context?.diagnose(MacroError(message).diagnostic(at: node)) }
        let summary = SyntaxFacts.paragraphs(classDecl.leadingTrivia).first ?? ""
        if summary.isEmpty {
            context?.diagnose(
                MacroError("@ViewModel: \(typeName) needs a /// doc comment: its first paragraph is the header's summary of the type").diagnostic(
                    at: classDecl.name))
            return nil
        }
        guard members.refusals.isEmpty else { return nil }

        let defaultName = typeName.hasSuffix("ViewModel") && typeName != "ViewModel" ? String(typeName.dropLast("ViewModel".count)) : typeName
        var head = "name: \(SyntaxFacts.literal(arguments.firstString ?? defaultName))"
        head += ", cNamespace: " + (arguments.string("namespace").map(SyntaxFacts.literal) ?? SyntaxFacts.applicationNamespace)
        if let prefix = arguments.string("prefix") { head += ", cPrefix: \(SyntaxFacts.literal(prefix))" }
        // The same names, for registering the type without building its declaration.
        let names = "TypeNames(\(head))"
        if let handle = arguments.string("handle") { head += ", handleName: \(SyntaxFacts.literal(handle))" }
        // A doc names members by their Swift names (`canSave`, `save()`); the header and
        // Python read their C names.
        var cNames: [String: String] = [:]
        for property in members.properties { cNames[property.swiftName] = "\"\(property.name)\"" }
        for event in members.events { cNames[event.swiftName] = "\"\(event.name)\"" }
        for command in members.commands {
            let labels = command.parameters.map { ($0.label ?? "_") + ":" }.joined()
            cNames[command.swiftName + "(\(labels))"] = "\"\(command.name)\""
        }
        for list in members.lists {
            cNames[list.swiftName] = "\"\(list.name)\""
            if let signal = list.signal, case .publisher(let changes) = list.changes { cNames[String(changes.dropFirst())] = "\"\(signal)\"" }
        }
        let lit = { (text: String) in SyntaxFacts.literal(Self.naming(text, cNames)) }
        let properties = members.properties.map { property in
            let out = property.out.map { ", out: \(lit($0))" } ?? ""
            let read = property.readThrows ? "throwing: { try $0.\(property.swiftName) }" : "{ $0.\(property.swiftName) }"
            // A @Published property's own publisher picks the builder that takes its setter; what
            // else announces a property follows as modifiers.
            var publishers = property.publishers
            var changes = ""
            if property.isPublished, let own = publishers.first {
                changes = ", changes: { $0\(own) }"
                publishers.removeFirst()
            }
            let set = property.isSettable ? ", set: { $0.\(property.swiftName) = $1 }" : ""
            let observing = publishers.map { ".observing({ $0\($0) })" }.joined()
            let derived =
                property.derivedFrom.isEmpty ? "" : ".derived(from: [\(property.derivedFrom.map(SyntaxFacts.literal).joined(separator: ", "))])"
            return "            .exported(\(lit(property.name)), \(lit(property.doc))\(out), \(read)\(changes)\(set))\(observing)\(derived),"
        }
        let commands = members.commands.map { command in
            let call = Self.call("viewModel.\(command.swiftName)", command.parameters)
            let argumentList = Self.argumentList(command.parameters, indexOf: command.indexOf)
            let result = command.result.map { ", result: (ValueKind.exported(\($0.type).self), \(lit($0.out)))" } ?? ""
            let tryCall = "\(command.parameters.isEmpty ? "" : "try ")\(call)"
            let body =
                command.result == nil
                ? "\(command.discardsResult ? "_ = " : "")\(tryCall)\n                    return .none"
                : "return \(command.parameters.isEmpty ? "" : "try ").exported(\(call))"
            return """
                            .command(\(lit(command.name)), \(lit(command.doc)), arguments: \(argumentList)\(result)) { viewModel, arguments throws(APIError) in
                                \(body)
                            },
                """
        }
        let lists = members.lists.map { list in
            let out = list.out.map { ", out: \(lit($0))" } ?? ""
            let read = list.readThrows ? "throwing: { try $0.\(list.swiftName) }" : "{ $0.\(list.swiftName) }"
            let changes: String
            switch list.changes {
            case .publisher(let publisher): changes = ", changes: .of { $0\(publisher) }"
            case .growing: changes = ", changes: .growing { $0.$\(list.swiftName) }"
            case .none: changes = ""
            }
            let signal = list.signal.map { ", signal: \(lit($0))" } ?? ""
            let count = list.count.map { ", countProperty: \(lit($0))" } ?? ""
            return "            .exported(\(lit(list.name)), item: \(lit(list.item)), \(lit(list.doc))\(out), \(read)\(changes)\(signal)\(count)),"
        }
        let events = members.events.map { "            .exported(\(lit($0.name)), \(lit($0.doc)), { $0.\($0.swiftName) })," }
        var constructor = "nil"
        if let made = members.constructor {
            let call = Self.call("\(viewModel).\(made.swiftName)", made.parameters)
            let tryCall = made.throwsErrors || !made.parameters.isEmpty ? "try " : ""
            let out = made.out.map { ", out: \(lit($0))" } ?? ""
            constructor = """
                .new(\(lit(made.doc)), arguments: \(Self.argumentList(made.parameters))\(out)) { arguments throws(APIError) in
                            (\(tryCall)\(call), arguments.keptAlive)
                        }
                """
        }
        var hostConstructor = ""
        if let host = members.hostConstructor {
            let out = host.out.map { ", out: \(lit($0))" } ?? ""
            let call = "\(host.throwsErrors ? "try " : "")\(viewModel).\(host.swiftName)(\(host.adapter)(host: host))"
            hostConstructor = """
                ,
                        hostConstructor: .host(\(host.adapter).interface, \(lit(host.doc))\(out)) { host throws(APIError) in \(call) }
                """
        }
        let tearDown = members.onDestroy.map { ",\n        tearDown: { $0.\($0)() }" } ?? ""
        let objectClass = arguments.typeExpression("object").map { ",\n        object: \($0).self" } ?? ""
        let expression = """
            ViewModelDeclaration<\(viewModel)>(
                    \(head),
                    summary: \(lit(summary)),
                    constructor: \(constructor),
                    properties: [
            \(properties.joined(separator: "\n"))
                    ],
                    commands: [
            \(commands.joined(separator: "\n"))
                    ],
                    lists: [
            \(lists.joined(separator: "\n"))
                    ],
                    events: [
            \(events.joined(separator: "\n"))
                    ]\(hostConstructor)\(tearDown)\(objectClass))
            """
        return (expression, names, viewModel, generic)
    }

    /// `text` with each backticked Swift member name of `cNames` replaced by its C name.
    private static func naming(_ text: String, _ cNames: [String: String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "`") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "`") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[afterOpen..<close])
            out += cNames[name] ?? "`\(name)`"
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// `[.exported("note_id", Int.self), …]`; with `indexOf`, the first is `.index(_, of:)`.
    private static func argumentList(_ parameters: [ViewModelMembers.Parameter], indexOf list: String? = nil) -> String {
        let arguments = parameters.enumerated().map { position, parameter in
            if position == 0, let list { return ".index(\(SyntaxFacts.literal(parameter.name)), of: \(SyntaxFacts.literal(list)))" }
            return ".exported(\(SyntaxFacts.literal(parameter.name)), \(parameter.type).self)"
        }
        return "[" + arguments.joined(separator: ", ") + "]"
    }

    /// `function(label: arguments.exported(0, "name"), …)`.
    private static func call(_ function: String, _ parameters: [ViewModelMembers.Parameter]) -> String {
        let values = parameters.enumerated().map { position, parameter in
            (parameter.label.map { "\($0): " } ?? "") + "arguments.exported(\(position), \(SyntaxFacts.literal(parameter.name)))"
        }
        return "\(function)(\(values.joined(separator: ", ")))"
    }
}

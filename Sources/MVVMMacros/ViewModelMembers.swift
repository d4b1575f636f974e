import SwiftSyntax

/// The members an `@ViewModel` class exports, read from its syntax: what each is, its C name,
/// its doc, and the Swift it reads or calls. Refusals are collected with the node they name.
struct ViewModelMembers {
    struct Property {
        let name: String
        let doc: String
        let swiftName: String
        let out: String?
        /// The publishers announcing it, as key path components from the ViewModel:
        /// `[".$draftTitle"]`; none for a constant (a `let`) or a property only derived.
        let publishers: [String]
        /// The C names of the exported properties whose changes change it (`@Changes(\T.count)`).
        let derivedFrom: [String]
        let isSettable: Bool
        /// Its getter throws (`{ get throws }`): absent while it does.
        let readThrows: Bool
        /// Whether it is a `@Published` stored property (announced by its own publisher, the
        /// first of `publishers`).
        let isPublished: Bool
    }

    struct Command {
        let name: String
        let doc: String
        let swiftName: String
        let parameters: [Parameter]
        /// The return type as written, and the typed function's out-parameter for it.
        let result: (type: String, out: String)?
        /// The list the first parameter indexes (`@ListIndex(of:)`).
        let indexOf: String?
        /// It returns a value that is not the command's result (`@Exported(discardsResult: true)`).
        let discardsResult: Bool
    }

    struct List {
        let name: String
        let item: String
        let doc: String
        let swiftName: String
        let out: String?
        let changes: ListChanges
        let signal: String?
        let count: String?
        /// Its getter throws (`{ get throws }`): its count and items answer MVVM_E_STATE while it does.
        let readThrows: Bool
    }

    /// What sends a list's change sets.
    enum ListChanges {
        /// A publisher of the ViewModel: the components of `@List(changes: \T.changes)`, `.changes`.
        case publisher(String)
        /// The `@Published` array's own values.
        case growing
        /// Nothing.
        case none
    }

    struct Parameter {
        /// The call's label (nil for `_`).
        let label: String?
        /// The C argument's name (snake case of the parameter's own name).
        let name: String
        let type: String
    }

    struct Event {
        let name: String
        let doc: String
        let swiftName: String
    }

    struct Constructor {
        let doc: String
        let swiftName: String
        let parameters: [Parameter]
        let throwsErrors: Bool
        let out: String?
    }

    /// A `@HostConstructor static func make(_ repository: HostItemStore)`: over a host's table,
    /// through the adapter an `@HostInterface` writes.
    struct HostConstructor {
        let doc: String
        let swiftName: String
        /// The adapter's type, as written (a `HostAdapter`).
        let adapter: String
        let out: String?
        let throwsErrors: Bool
    }

    var properties: [Property] = []
    var commands: [Command] = []
    var events: [Event] = []
    var lists: [List] = []
    /// The properties lists count and the subjects that send their changes, by Swift or C name.
    private var listCounts: Set<String> = []
    private var listSubjects: Set<String> = []
    var constructor: Constructor?
    var hostConstructor: HostConstructor?
    /// The method the runtime calls when the host destroys the object (`@OnDestroy`).
    var onDestroy: String?
    var refusals: [(String, Syntax)] = []
    /// Every exported member's C name, Swift name and declaration, in order (for name clashes).
    private var exported: [(String, String, Syntax)] = []
    /// By Swift name: the C name of each property the class exports, and the `@Published`
    /// properties (for `@Changes` key paths).
    private var propertyNames: [String: String] = [:]
    private var published: Set<String> = []

    init(_ members: MemberBlockSyntax, typeName: String) {
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let attributes = Attributes(variable.attributes)
            if let count = attributes.labelledString("List", "count") { listCounts.insert(count) }
            if let subject = attributes.labelledKeyPath("List", "changes") { listSubjects.insert(String(subject.dropFirst())) }
        }
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                let swiftName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, !SyntaxFacts.isStatic(variable.modifiers)
            else { continue }
            let attributes = Attributes(variable.attributes)
            if attributes.has("Published") { published.insert(swiftName) }
            if isPublic(variable.modifiers), !attributes.has("Hidden"), !attributes.has("List"), !isSubject(binding),
                !listSubjects.contains(swiftName)
            {
                propertyNames[swiftName] = attributes.string("Exported") ?? kebabCase(swiftName)
            }
        }
        for member in members.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                read(variable, typeName)
            } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                read(function, typeName)
            }
        }
        var seen: [String: String] = [:]
        for (name, swiftName, node) in exported {
            if let other = seen[name] {
                refusals.append(
                    ("@ViewModel: \(swiftName) and \(other) of \(typeName) both export as \"\(name)\"; rename one with @Exported(\"…\")", node))
            }
            seen[name] = swiftName
        }
    }

    // MARK: - Properties and events

    private mutating func read(_ variable: VariableDeclSyntax, _ typeName: String) {
        let attributes = Attributes(variable.attributes)
        guard !attributes.has("Hidden"), isPublic(variable.modifiers), !SyntaxFacts.isStatic(variable.modifiers) else { return }
        guard let binding = variable.bindings.first, variable.bindings.count == 1,
            let swiftName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else {
            refusals.append(("@ViewModel: declare one exported property per `var` in \(typeName)", Syntax(variable)))
            return
        }
        let doc = SyntaxFacts.doc(variable.leadingTrivia)
        let name = attributes.string("Exported") ?? kebabCase(swiftName)
        if attributes.has("List") {
            guard let item = attributes.labelledString("List", "item") else {
                refusals.append(("@List: \(swiftName) of \(typeName) needs item: (the item getter's name)", Syntax(variable)))
                return
            }
            guard require(doc, swiftName, typeName, variable) else { return }
            let listName = attributes.string("List") ?? kebabCase(swiftName)
            let changes: ListChanges
            if let subject = attributes.labelledKeyPath("List", "changes") {
                changes = .publisher(subject)
            } else {
                changes = attributes.has("Published") ? .growing : .none
            }
            lists.append(
                List(
                    name: listName, item: item, doc: doc, swiftName: swiftName, out: attributes.labelledString("List", "out"), changes: changes,
                    signal: attributes.labelledString("List", "signal"), count: attributes.labelledString("List", "count"),
                    readThrows: readThrows(binding)))
            exported.append((listName, swiftName, Syntax(variable)))
            return
        }
        // A list's change sets are the list's, not a property or an event.
        if listSubjects.contains(swiftName) { return }
        if isSubject(binding) {
            guard require(doc, swiftName, typeName, variable) else { return }
            events.append(Event(name: name, doc: doc, swiftName: swiftName))
            exported.append((name, swiftName, Syntax(variable)))
            return
        }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        // Nothing announces a constant, and a list's change sets announce its count.
        let isCount = listCounts.contains(name) && !attributes.has("Published")
        if (isLet || isCount) && !attributes.has("Changes") {
            guard require(doc, swiftName, typeName, variable) else { return }
            properties.append(
                Property(
                    name: name, doc: doc, swiftName: swiftName, out: attributes.labelledString("Exported", "out"), publishers: [],
                    derivedFrom: [], isSettable: false, readThrows: false, isPublished: false))
            exported.append((name, swiftName, Syntax(variable)))
            return
        }
        var publishers: [String] = []
        var derivedFrom: [String] = []
        let isPublished = attributes.has("Published")
        if isPublished {
            publishers = [".$\(swiftName)"]
        } else if attributes.has("Changes") {
            let sources = attributes.keyPaths("Changes")
            if sources.isEmpty {
                refusals.append(
                    (
                        "@Changes: name what announces \(swiftName) of \(typeName), by key paths: @Changes(\\\(typeName).$published, \\\(typeName).otherProperty)",
                        Syntax(variable)
                    ))
                return
            }
            for source in sources {
                let member = String(source.dropFirst())
                if member.hasPrefix("$"), !member.dropFirst().contains(".") {
                    publishers.append(source)
                } else if member.contains(".") || member.contains("?") || member.contains("!") {
                    refusals.append(
                        (
                            "@Changes: \\\(typeName)\(source) of \(swiftName) is not a member of \(typeName); name a property or a $publisher of the class itself",
                            Syntax(variable)
                        ))
                    return
                } else if member != swiftName, let cName = propertyNames[member] {
                    derivedFrom.append(cName)
                } else if published.contains(member) {
                    publishers.append(".$\(member)")
                } else {
                    refusals.append(
                        (
                            "@Changes: \\\(typeName)\(source) of \(swiftName) names neither another property \(typeName) exports nor a @Published property, so nothing would announce a change",
                            Syntax(variable)
                        ))
                    return
                }
            }
        } else {
            refusals.append(
                (
                    "@ViewModel: the public property \(swiftName) of \(typeName) is neither @Published nor marked @Changes(\\\(typeName).$…) with what announces it, so a host could not follow it; or mark it @Hidden",
                    Syntax(variable)
                ))
            return
        }
        guard require(doc, swiftName, typeName, variable) else { return }
        let isComputed = binding.accessorBlock.map { !SyntaxFacts.isObserverBlock($0) } ?? false
        let isSettable =
            variable.bindingSpecifier.tokenKind == .keyword(.var) && !isComputed && !hasRestrictedSetter(variable.modifiers)
            && attributes.labelledBool("Exported", "readOnly") != true
        if isSettable, let written = binding.typeAnnotation?.type.trimmedDescription, written.hasSuffix("?") || written.hasPrefix("Optional<") {
            refusals.append(
                (
                    "@ViewModel: the property \(swiftName) of \(typeName) is an optional a host could set, and a host has no setter for an absent value yet: make its setter private(set), or mark it @Hidden",
                    Syntax(variable)
                ))
            return
        }
        properties.append(
            Property(
                name: name, doc: doc, swiftName: swiftName, out: attributes.labelledString("Exported", "out"), publishers: publishers,
                derivedFrom: derivedFrom, isSettable: isSettable, readThrows: readThrows(binding), isPublished: isPublished))
        exported.append((name, swiftName, Syntax(variable)))
    }

    /// `var items: [Item] { get throws { … } }`.
    private func readThrows(_ binding: PatternBindingSyntax) -> Bool {
        guard case .accessors(let accessors) = binding.accessorBlock?.accessors else { return false }
        return accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) && $0.effectSpecifiers?.throwsClause != nil }
    }

    private func isSubject(_ binding: PatternBindingSyntax) -> Bool {
        let written = binding.typeAnnotation?.type.trimmedDescription ?? binding.initializer?.value.trimmedDescription ?? ""
        return written.hasPrefix("PassthroughSubject<")
    }

    // MARK: - Commands and the constructor

    private mutating func read(_ function: FunctionDeclSyntax, _ typeName: String) {
        let attributes = Attributes(function.attributes)
        let swiftName = function.name.text
        let doc = SyntaxFacts.doc(function.leadingTrivia)
        let signature = function.signature
        if attributes.has("Constructor") {
            guard SyntaxFacts.isStatic(function.modifiers) else {
                refusals.append(("@Constructor: \(swiftName) of \(typeName) must be a static func returning the new \(typeName)", Syntax(function)))
                return
            }
            guard require(doc, swiftName, typeName, function), let parameters = parameters(of: function, typeName) else { return }
            guard constructor == nil else {
                refusals.append(("@ViewModel: \(typeName) has two @Constructor functions; C has one constructor per type", Syntax(function)))
                return
            }
            constructor = Constructor(
                doc: doc, swiftName: swiftName, parameters: parameters, throwsErrors: signature.effectSpecifiers?.throwsClause != nil,
                out: attributes.labelledString("Constructor", "out"))
            return
        }
        if attributes.has("HostConstructor") {
            guard SyntaxFacts.isStatic(function.modifiers), signature.parameterClause.parameters.count == 1,
                let adapter = signature.parameterClause.parameters.first?.type.trimmedDescription
            else {
                refusals.append(
                    (
                        "@HostConstructor: \(swiftName) of \(typeName) must be a static func taking the host's adapter (the Host… class an @HostInterface writes) and returning the new \(typeName)",
                        Syntax(function)
                    ))
                return
            }
            guard require(doc, swiftName, typeName, function) else { return }
            hostConstructor = HostConstructor(
                doc: doc, swiftName: swiftName, adapter: adapter, out: attributes.labelledString("HostConstructor", "out"),
                throwsErrors: signature.effectSpecifiers?.throwsClause != nil)
            return
        }
        if attributes.has("OnDestroy") {
            guard !SyntaxFacts.isStatic(function.modifiers), signature.parameterClause.parameters.isEmpty,
                signature.effectSpecifiers?.asyncSpecifier == nil, signature.effectSpecifiers?.throwsClause == nil
            else {
                refusals.append(
                    (
                        "@OnDestroy: \(swiftName) of \(typeName) must be an instance method without parameters that neither throws nor is async: the runtime calls it as the host destroys the object",
                        Syntax(function)
                    ))
                return
            }
            guard onDestroy == nil else {
                refusals.append(("@OnDestroy: \(typeName) marks \(onDestroy!) and \(swiftName); the runtime calls one method", Syntax(function)))
                return
            }
            onDestroy = swiftName
        }
        guard !attributes.has("Hidden"), isPublic(function.modifiers), !SyntaxFacts.isStatic(function.modifiers) else { return }
        let discardsResult = attributes.labelledBool("Exported", "discardsResult") ?? false
        var result: (type: String, out: String)?
        if let returned = signature.returnClause?.type.trimmedDescription, returned != "Void", returned != "()", !discardsResult {
            result = (returned, attributes.labelledString("Exported", "out") ?? "out_result")
        }
        if let effects = signature.effectSpecifiers, effects.asyncSpecifier != nil || effects.throwsClause != nil {
            refusals.append(
                (
                    "@ViewModel: the method \(swiftName) of \(typeName) is async or throws; a command runs at once and reports failures through properties (mark it @Hidden)",
                    Syntax(function)
                ))
            return
        }
        guard require(doc, swiftName, typeName, function), let parameters = parameters(of: function, typeName) else { return }
        let name = attributes.string("Exported") ?? kebabCase(swiftName)
        let indexOf = attributes.labelledString("ListIndex", "of")
        if indexOf != nil, parameters.first?.type != "Int" {
            refusals.append(("@ListIndex: the first parameter of \(swiftName) in \(typeName) is the index, an Int", Syntax(function)))
            return
        }
        commands.append(
            Command(
                name: name, doc: doc, swiftName: swiftName, parameters: parameters, result: result, indexOf: indexOf,
                discardsResult: discardsResult && signature.returnClause != nil))
        exported.append((name, swiftName, Syntax(function)))
    }

    private mutating func parameters(of function: FunctionDeclSyntax, _ typeName: String) -> [Parameter]? {
        var parameters: [Parameter] = []
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let own = (parameter.secondName ?? parameter.firstName).text
            let type = parameter.type.trimmedDescription
            let isIntegerArray = type == "[Int]" || type == "[Int64]"
            if parameter.defaultValue != nil || type.contains("->") || (type.hasPrefix("[") && !isIntegerArray) || type.hasSuffix("?")
                || type.contains("<")
            {
                refusals.append(
                    (
                        "@ViewModel: the parameter \(own) of \(function.name.text) in \(typeName) is a \(type)\(parameter.defaultValue != nil ? " with a default" : ""); an argument is an Int, String, Bool, Double, UInt64, [Int] or [Int64], an @Enumeration enum, an @Record, an @ViewModel type or a DeclaredObject class",
                        Syntax(parameter)
                    ))
                return nil
            }
            parameters.append(Parameter(label: label, name: SyntaxFacts.snakeCase(own), type: type))
        }
        return parameters
    }

    // MARK: - Helpers

    private mutating func require(_ doc: String, _ swiftName: String, _ typeName: String, _ node: some SyntaxProtocol) -> Bool {
        guard doc.isEmpty else { return true }
        refusals.append(("@ViewModel: \(swiftName) of \(typeName) needs a /// doc comment: it is the header's documentation of it", Syntax(node)))
        return false
    }

    private func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["public", "open"].contains($0.name.text) && $0.detail == nil }
    }

    /// `private(set)`, `fileprivate(set)`, `internal(set)`.
    private func hasRestrictedSetter(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.detail?.detail.text == "set" && $0.name.text != "public" }
    }

    /// `draftTitle` → `draft-title`.
    private func kebabCase(_ name: String) -> String { String(SyntaxFacts.snakeCase(name).map { $0 == "_" ? "-" : $0 }) }
}

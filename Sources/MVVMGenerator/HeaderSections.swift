import Foundation
import MVVMRuntime

/// The generated blocks of a hand-written header (`Include/mvvm_seeds.h`; the framework's
/// `Include/mvvm.h` has the `api` block only): the type constants, one section per declared
/// type, and the fields of the plug-in table.
enum HeaderSections {
    /// `#define APP_TYPE_ITEM_LIST ((mvvm_type)1)`: the numbers the types got when the
    /// application registered them.
    static func typeConstants(_ declarations: [TypeDeclaration]) -> String {
        var out = "/* The types of this library (mvvm_type values, in registration order). */\n"
        for declaration in declarations {
            out += "#define \(CSpelling.typeConstant(declaration)) ((mvvm_type)\(declaration.type))\n"
        }
        return out
    }

    /// The schema hash (mvvm.h, "THE SCHEMA HASH") as `NAME_SCHEMA_HASH`, and the one-line
    /// check a host calls at start, `name_check_schema()`; `name` is the header's file name
    /// without `.h` ("notes", "mvvm_seeds").
    static func schema(headerPath: String, generatorName: String) -> String {
        let name = String(headerPath.split(separator: "/").last!.dropLast(2))
        let constant = name.uppercased() + "_SCHEMA_HASH"
        return """
            /** The schema hash of this header: of everything it declares from the application's
             *  declarations (mvvm.h, "THE SCHEMA HASH"). \(generatorName) writes it. */
            #define \(constant) "\(SchemaHash.value)"

            /** MVVM_OK when the loaded library was built from the declarations this header was
             *  generated from; else MVVM_E_SCHEMA, and mvvm_last_error_message() names both hashes
             *  and what to regenerate. Call it once at start (a plug-in host: after dlopen(),
             *  `api->get_framework_api(...)->schema_check(\(constant))`). Any thread, before
             *  mvvm_init() too. */
            #define \(name)_check_schema() mvvm_schema_check(\(constant))

            """
    }

    static func sections(_ declarations: [TypeDeclaration]) -> String {
        declarations.filter { $0.viewModelTypeName != nil }.map(section).joined(separator: "\n")
    }

    /// The sections of the types made by named constructors (`ConstructorDeclaration`): their
    /// constructors and the `_init` of the options structs they take. Apart from the ViewModels'
    /// sections: their functions are not members (`mvvm_type_describe()` lists them apart, in
    /// `constructors`), and they follow the hand-written options structs in a header that has
    /// some.
    static func constructorSections(_ declarations: [TypeDeclaration]) -> String {
        declarations.filter { $0.viewModelTypeName == nil && !$0.constructors.isEmpty }.map(section).joined(separator: "\n")
    }

    static func section(_ declaration: TypeDeclaration) -> String {
        let rule = "/* " + String(repeating: "-", count: 90) + "\n"
        var out = rule
        out += " * \(CSpelling.title(declaration.name)) (\(CSpelling.typeConstant(declaration)))\n *\n"
        for line in CSpelling.wrap(declaration.summary, width: 92) { out += " * \(line)\n" }
        let properties = declaration.members.filter { $0.kind == .property }
        if !properties.isEmpty {
            out += " *\n * Properties (each announced by \"notify::NAME\"):\n"
            for property in properties {
                var type =
                    property.enumName.map { "int32_t \($0)" } ?? (property.valueKind == .bool ? "int32_t 0/1" : property.valueKind.cType.spelling)
                if property.isNullable { type += ", may be absent" }
                if property.isSettable { type += ", settable" }
                out += " *   \"\(property.name)\" (\(type))\n"
            }
        }
        let lists = declaration.members.filter { $0.kind == .list }
        if !lists.isEmpty {
            out += " * Lists:\n"
            for list in lists {
                var about = "\(list.valueKind.cType.spelling); counted by \"\(list.countName ?? "")\""
                if let signal = list.relatedName { about += "; changes on \"\(signal)\"" }
                out += " *   \"\(list.name)\" (\(about))\n"
            }
        }
        let signals = declaration.members.filter { $0.kind == .signal }
        if !signals.isEmpty {
            out += " * Signals (handlers in MVVM_CONNECT_DEFAULT layout):\n"
            let width = signals.map(\.name.count).max()! + 2
            for signal in signals {
                let quoted = "\"\(signal.name)\""
                out += " *   " + quoted.padding(toLength: width, withPad: " ", startingAt: 0) + " " + signal.cSignature + "\n"
            }
            out += " * Strings and structs handed to handlers are borrowed for the duration of the call.\n"
        }
        if !properties.isEmpty || !lists.isEmpty {
            out += " * Strings and structs a getter hands out are borrowed until the next getter call on this\n"
            out += " * object, a change of it, or its destruction.\n"
        }
        for event in signals where !event.doc.isEmpty {
            out += " * \"\(event.name)\": " + CSpelling.wrap(event.doc, width: 88).joined(separator: "\n *   ") + "\n"
        }
        out += " * " + String(repeating: "-", count: 88) + " */\n\n"
        for function in declaration.typedFunctions {
            out += CSpelling.docComment(function.doc)
            out += function.cPrototype + "\n"
        }
        return out
    }

    /// The fields of the plug-in table: the fields already in `current` (the block as it
    /// stands), in their order, then every function not yet in it: the declared ones (the
    /// declarations' typed functions, spelled from their C types) in declaration order, then
    /// the functions of `handWritten` (the header's hand-written text, generated blocks
    /// removed: the only C text read back) in header order. A function that left the header is
    /// an error: the table only grows at its end.
    static func apiFields(
        declared: [TypedFunction], handWritten: String, current: String, _ table: Generator.PluginTable
    ) throws -> (fields: String, functions: [(field: String, function: String)]) {
        let prefix = table.functionPrefix
        // A field named like one of the struct's head fields takes "_fn" ("abi_version_fn").
        let fieldName = { (function: String) -> String in
            let field = String(function.dropFirst(prefix.count))
            return table.headFields.contains(field) ? field + "_fn" : field
        }
        var names: [String] = []
        var fields: [String: String] = [:]
        for function in declared {
            names.append(function.name)
            fields[function.name] = CSpelling.prototype("    mvvm_status (*\(fieldName(function.name)))", function.parameters.map(\.declaration))
        }
        for prototype in HeaderParser.prototypes(in: handWritten, prefix: prefix) where prototype.name != table.getterName {
            guard fields[prototype.name] == nil else {
                throw GenerationError("\(prototype.name) is declared and also written by hand in the header; keep the declaration")
            }
            names.append(prototype.name)
            let head = "    " + prototype.returnType + (prototype.returnType.hasSuffix("*") ? "" : " ") + "(*\(fieldName(prototype.name)))"
            fields[prototype.name] = CSpelling.prototype(head, prototype.parameters)
        }
        var order = HeaderParser.fieldNames(in: current).map { field -> String in
            prefix + (field.hasSuffix("_fn") && table.headFields.contains(String(field.dropLast(3))) ? String(field.dropLast(3)) : field)
        }
        for name in order where fields[name] == nil {
            throw GenerationError("\(table.structName) has a field for \(name), which the header no longer declares; the table only grows at its end")
        }
        for name in names where !order.contains(name) { order.append(name) }
        return (order.map { fields[$0]! + "\n" }.joined(), order.map { (fieldName($0), $0) })
    }

    /// `header` without its generated blocks: the text written by hand.
    static func handWritten(_ header: String) -> String {
        var text = header
        while let begin = text.range(of: "/* BEGIN GENERATED "),
            let end = text.range(of: "END GENERATED ", range: begin.upperBound..<text.endIndex),
            let close = text.range(of: "*/", range: end.upperBound..<text.endIndex)
        {
            text.removeSubrange(begin.lowerBound..<close.upperBound)
        }
        return text
    }
}

struct GenerationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Just enough C parsing for a header's hand-written text: top-level function prototypes (of
/// the functions no declaration gives: mvvm.h's own, an application's answers) and the field
/// names of the plug-in table.
enum HeaderParser {
    struct Prototype {
        let returnType: String
        let name: String
        let parameters: [String]
    }

    static func withoutComments(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("/*"), let end = text[index...].range(of: "*/") {
                index = end.upperBound
            } else if text[index...].hasPrefix("//"), let end = text[index...].firstIndex(of: "\n") {
                index = end
            } else {
                out.append(text[index])
                index = text.index(after: index)
            }
        }
        return out
    }

    /// Declarations of the form `RET PREFIXNAME(PARAMS);` outside any struct.
    static func prototypes(in header: String, prefix: String) -> [Prototype] {
        var text = withoutComments(header)
        // Drop struct and enum bodies: their fields are not functions of the API.
        var searchFrom = text.startIndex
        while let open = text[searchFrom...].range(of: "typedef struct") {
            let brace = text[open.upperBound...].firstIndex(of: "{")
            let semicolon = text[open.upperBound...].firstIndex(of: ";")
            guard let brace, semicolon.map({ brace < $0 }) ?? true,
                let close = text[brace...].range(of: "\n}")
            else {
                searchFrom = open.upperBound
                continue
            }
            text.removeSubrange(open.lowerBound..<close.upperBound)
            searchFrom = open.lowerBound
        }
        var result: [Prototype] = []
        for statement in text.split(separator: ";") {
            let flat = statement.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.hasPrefix("#") }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !flat.hasPrefix("typedef"), let open = flat.firstIndex(of: "("), flat.hasSuffix(")") else { continue }
            var head = Substring(flat[..<open])
            // What precedes the declaration in the same statement (`extern "C" {`, a closing
            // brace) is not part of it.
            if let brace = head.lastIndex(where: { $0 == "{" || $0 == "}" }) { head = head[head.index(after: brace)...] }
            head = Substring(head.trimmingCharacters(in: .whitespaces))
            guard let nameStart = head.range(of: prefix, options: .backwards)?.lowerBound else { continue }
            let name = String(head[nameStart...])
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            let returnType = head[..<nameStart].trimmingCharacters(in: .whitespaces)
            guard !returnType.isEmpty, !returnType.contains("}") else { continue }
            let inner = flat[flat.index(after: open)..<flat.index(before: flat.endIndex)]
            let parameters = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            result.append(Prototype(returnType: returnType, name: name, parameters: parameters))
        }
        return result
    }

    /// "(*NAME)(" field names, in order.
    static func fieldNames(in block: String) -> [String] {
        var names: [String] = []
        var rest = Substring(withoutComments(block))
        while let start = rest.range(of: "(*") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: ")") else { break }
            names.append(String(after[..<end]))
            rest = after[end...]
        }
        return names
    }
}

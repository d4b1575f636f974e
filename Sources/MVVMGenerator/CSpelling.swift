import Foundation
import MVVMRuntime

/// How the generator spells C types and names, and their Swift twins in `@c` functions.
enum CSpelling {
    /// "due-date" -> "due_date", as the runtime spells it (`CName.underscored`).
    static func snake(_ name: String) -> String { CName.underscored(name) }

    /// "ItemList" -> "Item list" (section titles).
    static func title(_ typeName: String) -> String {
        var words: [String] = []
        for character in typeName {
            if character.isUppercase || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        return words.enumerated().map { $0 == 0 ? $1 : $1.lowercased() }.joined(separator: " ")
    }

    /// A type's constant: "APP_TYPE_ITEM_LIST" (namespace "app", C prefix "item_list").
    static func typeConstant(_ declaration: TypeDeclaration) -> String {
        declaration.cNamespace.uppercased() + "_TYPE_" + declaration.cPrefix.uppercased()
    }

    /// The Swift type of a C parameter type in an `@c` function.
    /// `rawRecords`: a record's (or table's, or options') struct is the application's own
    /// header's, which Swift does not see, so its pointer is raw memory (`UnsafeMutableRawPointer?`,
    /// the same C ABI).
    static func swiftType(_ type: CType, rawRecords: Bool = false) -> String {
        let scalar: String? =
            switch type.base {
            case .int32: "Int32"
            case .int64: "Int64"
            case .uint64: "UInt64"
            case .size: "UInt"
            case .double: "Double"
            default: nil
            }
        switch (type.base, type.pointers) {
        case (_, 0) where scalar != nil: return scalar!
        case (.destroyNotify, 0): return "mvvm_destroy_notify?"
        case (.void, 1): return "UnsafeMutableRawPointer?"
        case (.char, 1): return "UnsafePointer<CChar>?"
        case (.char, 2): return "UnsafeMutablePointer<UnsafePointer<CChar>?>?"
        case (.object, 1): return "OpaquePointer?"
        case (.object, 2): return "UnsafeMutablePointer<OpaquePointer?>?"
        // A host interface's table and an options struct: read by their declared layouts, so
        // raw memory when Swift does not see the header's struct.
        case (.vtable, 1), (.options, 1):
            if rawRecords { return type.isConst ? "UnsafeRawPointer?" : "UnsafeMutableRawPointer?" }
            return type.isConst ? "UnsafePointer<\(type.name!)>?" : "UnsafeMutablePointer<\(type.name!)>?"
        case (.record, 1):
            if rawRecords { return type.isConst ? "UnsafeRawPointer?" : "UnsafeMutableRawPointer?" }
            return type.isConst ? "UnsafePointer<\(type.name!)>?" : "UnsafeMutablePointer<\(type.name!)>?"
        case (_, 1) where scalar != nil:
            return type.isConst ? "UnsafePointer<\(scalar!)>?" : "UnsafeMutablePointer<\(scalar!)>?"
        default:
            preconditionFailure("no Swift spelling for the C type \(type.spelling)")
        }
    }

    /// "const char *" + "name" -> "const char *name"; "int64_t" + "index" -> "int64_t index".
    static func declaration(_ cType: String, _ name: String) -> String {
        cType.hasSuffix("*") ? cType + name : cType + " " + name
    }

    /// `text` as a C doc comment at `indent`, wrapped at 100 columns. Paragraphs are separated
    /// by a blank line; a line starting with "- " is a list item, its continuation indented.
    static func docComment(_ text: String, indent: String = "") -> String {
        guard !text.isEmpty else { return "" }
        let width = 100 - indent.count - 4
        var lines: [String] = []
        for (index, paragraph) in text.components(separatedBy: "\n\n").enumerated() {
            if index > 0 { lines.append("") }
            for line in paragraph.split(separator: "\n") {
                guard line.hasPrefix("- ") else {
                    lines += wrap(String(line), width: width)
                    continue
                }
                let item = wrap(String(line.dropFirst(2)), width: width - 2)
                lines += item.enumerated().map { ($0 == 0 ? "- " : "  ") + $1 }
            }
        }
        var out = ""
        for (index, line) in lines.enumerated() {
            let lead = index == 0 ? "/** " : line.isEmpty ? " *" : " *  "
            out += indent + lead + line
            out += index == lines.count - 1 ? " */\n" : "\n"
        }
        return out
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A prototype `head(params);` wrapped at 100 columns with continuation lines aligned
    /// after the parenthesis.
    static func prototype(_ head: String, _ parameters: [String], terminator: String = ";") -> String {
        let single = head + "(" + parameters.joined(separator: ", ") + ")" + terminator
        if single.count <= 100 || parameters.count < 2 { return single }
        let pad = String(repeating: " ", count: head.count + 1)
        var lines: [String] = []
        var line = head + "("
        for (index, parameter) in parameters.enumerated() {
            let piece = parameter + (index == parameters.count - 1 ? ")" + terminator : ",")
            if line.count + 1 + piece.count > 100 && line != head + "(" && line != pad {
                lines.append(line)
                line = pad
            }
            line += (line.hasSuffix("(") || line == pad ? "" : " ") + piece
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

import Foundation
import MVVMRuntime

/// The generator: writes (or, with `--check`, verifies) every file that follows from the
/// registered declarations, as g-ir-scanner does for GObject; where they go is the
/// application's `Configuration`:
/// - the header: the blocks between `BEGIN GENERATED name` and `END GENERATED name` (the
///   `mvvm_type` enum, the per-type sections, the `mvvm_api` fields);
/// - the plug-in table's initialiser;
/// - `<Type>Exports.swift` per ViewModel type, in the application's target: the typed functions.
public enum Generator {
    /// Where the generated files go and what the generated Swift imports.
    public struct Configuration: Sendable {
        /// The header, relative to the root: the framework's `Include/mvvm.h` holding generated
        /// blocks, or an application's own header, written whole (`ownHeader`).
        public var headerPath: String
        /// The plug-in table's C initialiser (the library whose header is `mvvm.h`); nil for an
        /// application's own header, whose hosts reach its functions by name.
        public var apiTablePath: String?
        /// For an application's own header: what its first comment says the library is.
        public var ownHeader: OwnHeader?
        /// The folder of the typed Swift exports (in the application's target).
        public var swiftExportsFolder: String
        /// Where the declarations are, for the messages of a stale check.
        public var declarationsFolder: String
        /// The modules the typed Swift exports import (the framework's, the application's).
        public var imports: [String]
        /// The command that regenerates, named in messages and in the generated files.
        public var command: String
        /// The generator executable's name, for the generated files' first line and messages.
        public var generatorName: String

        /// An application's own header: `#include <mvvm.h>` plus its types.
        public struct OwnHeader: Sendable {
            /// One paragraph about the library, the header's first comment.
            public var summary: String
            public init(summary: String) { self.summary = summary }
        }

        /// The framework's header with generated blocks, and its plug-in table (`mvvm-generate`).
        public init(
            headerPath: String, apiTablePath: String, swiftExportsFolder: String, declarationsFolder: String,
            imports: [String], command: String
        ) {
            self.headerPath = headerPath
            self.apiTablePath = apiTablePath
            self.ownHeader = nil
            self.swiftExportsFolder = swiftExportsFolder
            self.declarationsFolder = declarationsFolder
            self.imports = imports
            self.command = command
            self.generatorName = "mvvm-generate"
        }

        /// An application's own header (`Include/notes.h`, including `<mvvm.h>`), written whole,
        /// and its typed Swift exports; `generatorName` is the application's generator executable.
        public init(
            applicationHeader headerPath: String, summary: String, swiftExportsFolder: String, declarationsFolder: String,
            imports: [String], generatorName: String, command: String? = nil
        ) {
            self.headerPath = headerPath
            self.apiTablePath = nil
            self.ownHeader = OwnHeader(summary: summary)
            self.swiftExportsFolder = swiftExportsFolder
            self.declarationsFolder = declarationsFolder
            self.imports = imports
            self.command = command ?? "swift run \(generatorName)"
            self.generatorName = generatorName
        }
    }

    /// Runs `generatorName [--check] [ROOT]` from the process's arguments (ROOT: the package's
    /// folder, the current one by default); returns the exit status.
    public static func main(_ configuration: Configuration, arguments: [String] = CommandLine.arguments) -> Int32 {
        let options = arguments.dropFirst()
        let root = options.first { !$0.hasPrefix("--") } ?? FileManager.default.currentDirectoryPath
        if let unknown = options.first(where: { $0.hasPrefix("--") && $0 != "--check" }) {
            FileHandle.standardError.write(Data("\(configuration.generatorName): unknown option \(unknown); usage: \(configuration.generatorName) [--check] [PACKAGE_FOLDER]\n".utf8))
            return 2
        }
        return run(root: root, check: options.contains("--check"), configuration: configuration)
    }

    /// Runs the generator over the repository at `root`; returns the process's exit status.
    public static func run(root: String, check: Bool, configuration: Configuration) -> Int32 {
        let command = configuration.command
        let generatedSwiftFolder = configuration.swiftExportsFolder
        do {
            let files = try outputs(root: root, configuration)
            var stale: [String] = []
            for (path, text) in files {
                let url = URL(fileURLWithPath: root).appendingPathComponent(path)
                let current = try? String(contentsOf: url, encoding: .utf8)
                guard current != text else { continue }
                if check {
                    stale.append(path)
                } else {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    print("\(configuration.generatorName): wrote \(path)")
                }
            }
            // Generated Swift files of types that no longer exist.
            let generated = URL(fileURLWithPath: root).appendingPathComponent(generatedSwiftFolder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: generated.path)) ?? []
            where name.hasSuffix(".swift") && files["\(generatedSwiftFolder)/\(name)"] == nil {
                if check {
                    stale.append("\(generatedSwiftFolder)/\(name)")
                } else {
                    try FileManager.default.removeItem(at: generated.appendingPathComponent(name))
                    print("\(configuration.generatorName): removed \(generatedSwiftFolder)/\(name)")
                }
            }
            if !stale.isEmpty {
                let list = stale.map { "  \($0)\n" }.joined()
                FileHandle.standardError.write(Data("""
                    \(configuration.generatorName): these generated files are stale (edited by hand, or the declarations in \
                    \(configuration.declarationsFolder) changed):
                    \(list)Regenerate them with `\(command)` and commit the result.\n
                    """.utf8))
                return 1
            }
            if check { print("\(configuration.generatorName): every generated file is fresh (\(files.count) files)") }
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(configuration.generatorName): \(error)\n".utf8))
            return 2
        }
    }

    /// Every generated file's path and full text.
    static func outputs(root: String, _ configuration: Configuration) throws -> [String: String] {
        let declarations = TypeCatalog.declarations
        let headerPath = configuration.headerPath
        var files: [String: String]
        if let ownHeader = configuration.ownHeader {
            files = [headerPath: ApplicationHeader.text(declarations, ownHeader, configuration)]
        } else {
            var header = try String(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(headerPath), encoding: .utf8)
            header = try replaceBlock("types", in: header, with: HeaderSections.types(declarations), headerPath)
            header = try replaceBlock("sections", in: header, with: HeaderSections.sections(declarations), headerPath)
            let (fields, functions) = try HeaderSections.apiFields(header: header, current: try block("api", in: header, headerPath))
            header = try replaceBlock("api", in: header, with: fields, headerPath)
            files = [headerPath: header]
            if let apiTablePath = configuration.apiTablePath { files[apiTablePath] = apiTable(functions, configuration) }
        }
        for declaration in declarations where declaration.viewModelTypeName != nil {
            files["\(configuration.swiftExportsFolder)/\(declaration.name)Exports.swift"] = swiftExports(declaration, configuration)
        }
        return files
    }

    private static func markers(_ name: String, in text: String, _ headerPath: String) throws -> (Range<String.Index>, Range<String.Index>) {
        guard let begin = text.range(of: "BEGIN GENERATED \(name) "), let beginLine = text[begin.upperBound...].firstIndex(of: "\n"),
              let end = text.range(of: "END GENERATED \(name) ", range: beginLine..<text.endIndex)
                ?? text.range(of: "END GENERATED \(name) */", range: beginLine..<text.endIndex),
              let endLineStart = text[..<end.lowerBound].lastIndex(of: "\n") else {
            throw GenerationError("\(headerPath) has no BEGIN/END GENERATED \(name) markers")
        }
        return (begin.lowerBound..<text.index(after: beginLine), text.index(after: endLineStart)..<end.upperBound)
    }

    private static func block(_ name: String, in text: String, _ headerPath: String) throws -> String {
        let (begin, end) = try markers(name, in: text, headerPath)
        return String(text[begin.upperBound..<end.lowerBound])
    }

    private static func replaceBlock(_ name: String, in text: String, with body: String, _ headerPath: String) throws -> String {
        let (begin, end) = try markers(name, in: text, headerPath)
        return String(text[..<begin.upperBound]) + body + String(text[end.lowerBound...])
    }

    private static func apiTable(_ functions: [(field: String, function: String)], _ configuration: Configuration) -> String {
        let command = configuration.command
        var out = """
            /* The table behind mvvm_get_api() (Exports/PluginExports.swift), built in C.
             * GENERATED by mvvm-generate from the mvvm_api struct of Include/mvvm.h (`\(command)`); do
             * not edit: `make test` fails when this file is stale.
             *
             * Why C: most exports are `@MainActor @c` Swift functions, and Swift refuses to form a
             * `@convention(c)` pointer from a global-actor-isolated function. Here the C compiler takes
             * the address of each exported symbol and checks it against the field's type in the header's
             * struct, so a wrong signature is a compile error and the table holds exactly the addresses
             * dlsym() would give. The table is a `static const` object with a constant initialiser: safe
             * to hand out from any thread before mvvm_init(). The header is reached as the module CMVVM. */
            #ifndef MVVM_CLIBFFI_API_TABLE_H
            #define MVVM_CLIBFFI_API_TABLE_H

            #pragma clang module import CMVVM

            static inline const mvvm_api *mvvm_api_table(void) {
                static const mvvm_api table = {
                    .struct_size = (uint32_t)sizeof(mvvm_api),
                    .abi_version = MVVM_ABI_VERSION,

            """
        for (field, function) in functions { out += "        .\(field) = \(function),\n" }
        out += """
                };
                return &table;
            }

            #endif /* MVVM_CLIBFFI_API_TABLE_H */

            """
        return out
    }

    private static func swiftExports(_ declaration: TypeDeclaration, _ configuration: Configuration) -> String {
        var out = """
            // GENERATED by \(configuration.generatorName) from the declaration of \(declaration.name) \
            (\(configuration.declarationsFolder)); do not edit. Regenerate with `\(configuration.command)`.

            """
        for module in configuration.imports { out += "import \(module)\n" }
        let rawRecords = configuration.ownHeader != nil
        for function in declaration.typedFunctions(rawRecords: rawRecords) { out += "\n" + function.swiftSource }
        return out
    }
}

import Foundation
import MVVMRuntime

/// The generator: writes (or, with `--check`, verifies) every file that follows from the
/// registered declarations, as g-ir-scanner does for GObject; where they go is the
/// application's `Configuration`:
/// - the header: written whole (an application's own, `ownHeader`), or a hand-written header's
///   blocks between `BEGIN GENERATED name` and `END GENERATED name` (`types`: the type
///   constants, `schema`: its hash and check, `enums`, `records` and `interfaces`: the C
///   enums, record structs and host tables, `constructors`: the named constructors of the
///   types that have them, `sections`: one per ViewModel type, `api`: the plug-in table's
///   fields);
/// - the plug-in table's initialiser and its `*_get_api` export (`pluginTable`);
/// - `<Type>Exports.swift` per ViewModel type and per type with named constructors, in the
///   application's target: the typed functions.
public enum Generator {
    /// Where the generated files go and what the generated Swift imports.
    public struct Configuration: Sendable {
        /// The header, relative to the root: an application's own header, written whole
        /// (`ownHeader`), or a hand-written one holding generated blocks.
        public var headerPath: String
        /// The plug-in table of the header's functions (a header with an `api` block); nil for
        /// none, whose hosts reach the functions by name.
        public var pluginTable: PluginTable?
        /// For an application's own header: what its first comment says the library is.
        public var ownHeader: OwnHeader?
        /// The folder of the typed Swift exports (in the application's target); nil for a
        /// header that declares no types (the framework's).
        public var swiftExportsFolder: String?
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

        /// A hand-written header with generated blocks (`Include/mvvm_seeds.h`, or the framework's
        /// `Include/mvvm.h`, which has only the `api` block), and its plug-in table.
        public init(
            header headerPath: String, pluginTable: PluginTable?, swiftExportsFolder: String?, declarationsFolder: String,
            imports: [String], generatorName: String, command: String
        ) {
            self.headerPath = headerPath
            self.pluginTable = pluginTable
            self.ownHeader = nil
            self.swiftExportsFolder = swiftExportsFolder
            self.declarationsFolder = declarationsFolder
            self.imports = imports
            self.command = command
            self.generatorName = generatorName
        }

        /// An application's own header (`Include/notes.h`, including `<mvvm.h>`), written whole,
        /// and its typed Swift exports; `generatorName` is the application's generator executable.
        /// `pluginTable`: the application's plug-in table (`app_get_api`), written at the
        /// header's end; its initialiser needs a system-library target of the application's
        /// whose module map names the header and the initialiser (Examples/Notes: `CNotes`).
        public init(
            applicationHeader headerPath: String, summary: String, swiftExportsFolder: String, declarationsFolder: String,
            imports: [String], generatorName: String, command: String? = nil, pluginTable: PluginTable? = nil
        ) {
            self.headerPath = headerPath
            self.pluginTable = pluginTable
            self.ownHeader = OwnHeader(summary: summary)
            self.swiftExportsFolder = swiftExportsFolder
            self.declarationsFolder = declarationsFolder
            self.imports = imports
            self.command = command ?? "swift run \(generatorName)"
            self.generatorName = generatorName
        }
    }

    /// A header's plug-in table (sqlite3_api_routines, or libcurl's multi table): a struct of
    /// every function the header declares, in the order they were added, filled by a C static
    /// initialiser (Swift cannot form a C pointer to a `@MainActor` export: the C compiler
    /// takes each address and checks its type against the field's) and handed out by one
    /// exported `*_get_api` function.
    public struct PluginTable: Sendable {
        /// The table's C struct, declared in the header around the `api` block ("app_api").
        public var structName: String
        /// The exported function that hands the table out ("app_get_api"); written by the
        /// generator into the Swift exports, unless the header is the framework's.
        public var getterName: String
        /// Where the C initialiser goes (a header of a system-library target's module map).
        public var initialiserPath: String
        /// The clang module the initialiser imports: the header's ("CApp").
        public var headerModule: String
        /// The module of the initialiser itself, which the Swift getter imports
        /// ("CAppAPITable").
        public var initialiserModule: String
        /// The functions' common prefix, dropped for the field names ("mvvm_").
        public var functionPrefix: String
        /// Whether the struct's fixed head has `get_framework_api` (an application's table):
        /// mvvm_get_api(), the way to the framework's table.
        public var linksFramework: Bool

        public init(
            structName: String, getterName: String, initialiserPath: String, headerModule: String,
            initialiserModule: String, functionPrefix: String, linksFramework: Bool = true
        ) {
            self.structName = structName
            self.getterName = getterName
            self.initialiserPath = initialiserPath
            self.headerModule = headerModule
            self.initialiserModule = initialiserModule
            self.functionPrefix = functionPrefix
            self.linksFramework = linksFramework
        }

        /// The fields of the struct's fixed head, which no function's field may be named.
        var headFields: [String] { ["struct_size", "abi_version"] + (linksFramework ? ["get_framework_api"] : []) }

        /// The C initialiser's function ("app_api_table").
        var initialiserFunction: String { structName + "_table" }
    }

    /// Runs `generatorName [--check] [ROOT]` from the process's arguments (ROOT: the package's
    /// folder, the current one by default); returns the exit status.
    public static func main(_ configuration: Configuration, arguments: [String] = CommandLine.arguments) -> Int32 {
        let options = arguments.dropFirst()
        let root = options.first { !$0.hasPrefix("--") } ?? FileManager.default.currentDirectoryPath
        if let unknown = options.first(where: { $0.hasPrefix("--") && $0 != "--check" }) {
            FileHandle.standardError.write(
                Data(
                    "\(configuration.generatorName): unknown option \(unknown); usage: \(configuration.generatorName) [--check] [PACKAGE_FOLDER]\n"
                        .utf8))
            return 2
        }
        return run(root: root, check: options.contains("--check"), configuration: configuration)
    }

    /// Runs the generator over the repository at `root`; returns the process's exit status.
    public static func run(root: String, check: Bool, configuration: Configuration) -> Int32 {
        let command = configuration.command
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
            if let folder = configuration.swiftExportsFolder {
                let generated = URL(fileURLWithPath: root).appendingPathComponent(folder)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: generated.path)) ?? []
                where name.hasSuffix(".swift") && files["\(folder)/\(name)"] == nil {
                    if check {
                        stale.append("\(folder)/\(name)")
                    } else {
                        try FileManager.default.removeItem(at: generated.appendingPathComponent(name))
                        print("\(configuration.generatorName): removed \(folder)/\(name)")
                    }
                }
            }
            if !stale.isEmpty {
                let list = stale.map { "  \($0)\n" }.joined()
                FileHandle.standardError.write(
                    Data(
                        """
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
        // What the header declares from the declarations, in declaration order.
        let declared = declarations.flatMap(\.typedFunctions)
        let headerPath = configuration.headerPath
        var files: [String: String]
        let onDisk = try? String(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(headerPath), encoding: .utf8)
        if let ownHeader = configuration.ownHeader {
            if let options = declarations.flatMap(\.constructors).flatMap(\.optionsStructs).first {
                throw GenerationError(
                    "\(options.cType) is a C struct written by hand, which a header written whole has no place for: "
                        + "declare it in a hand-written header with generated blocks (Generator.Configuration(header:…))")
            }
            var header = ApplicationHeader.text(declarations, ownHeader, configuration)
            files = [headerPath: header]
            if let table = configuration.pluginTable {
                // The fields keep the order of the header as it stands (the table only grows).
                let current = onDisk.flatMap { try? block("api", in: $0, headerPath) } ?? ""
                // Written whole from the declarations: nothing in it is hand-written.
                let (fields, functions) = try HeaderSections.apiFields(declared: declared, handWritten: "", current: current, table)
                header = try replaceBlock("api", in: header, with: fields, headerPath)
                files = [headerPath: header, table.initialiserPath: apiTable(functions, table, configuration)]
            }
        } else {
            guard var header = onDisk else {
                throw GenerationError("\(headerPath) cannot be read under \(root)")
            }
            if hasBlock("types", in: header) {
                header = try replaceBlock("types", in: header, with: HeaderSections.typeConstants(declarations), headerPath)
            }
            if hasBlock("schema", in: header) {
                header = try replaceBlock(
                    "schema", in: header,
                    with: HeaderSections.schema(
                        headerPath: headerPath, generatorName: configuration.generatorName), headerPath)
            }
            for (name, body) in [
                ("enums", ApplicationHeader.enumsBlock()), ("records", ApplicationHeader.recordsBlock()),
                ("interfaces", ApplicationHeader.interfacesBlock(declarations)),
            ] where hasBlock(name, in: header) {
                header = try replaceBlock(name, in: header, with: body, headerPath)
            }
            if hasBlock("constructors", in: header) {
                header = try replaceBlock("constructors", in: header, with: HeaderSections.constructorSections(declarations), headerPath)
            }
            if hasBlock("sections", in: header) {
                header = try replaceBlock("sections", in: header, with: HeaderSections.sections(declarations), headerPath)
            }
            if let table = configuration.pluginTable {
                let (fields, functions) = try HeaderSections.apiFields(
                    declared: declared, handWritten: HeaderSections.handWritten(header), current: try block("api", in: header, headerPath),
                    table)
                header = try replaceBlock("api", in: header, with: fields, headerPath)
                files = [headerPath: header, table.initialiserPath: apiTable(functions, table, configuration)]
            } else {
                files = [headerPath: header]
            }
        }
        if let folder = configuration.swiftExportsFolder {
            for declaration in declarations where declaration.hasTypedFunctions {
                files["\(folder)/\(declaration.name)Exports.swift"] = swiftExports(declaration, configuration)
            }
            if let table = configuration.pluginTable, table.linksFramework {
                files["\(folder)/PluginTableExports.swift"] = pluginTableExport(table, configuration)
            }
        }
        return files
    }

    private static func hasBlock(_ name: String, in text: String) -> Bool {
        text.contains("BEGIN GENERATED \(name) ")
    }

    private static func markers(_ name: String, in text: String, _ headerPath: String) throws -> (Range<String.Index>, Range<String.Index>) {
        guard let begin = text.range(of: "BEGIN GENERATED \(name) "), let beginLine = text[begin.upperBound...].firstIndex(of: "\n"),
            let end = text.range(of: "END GENERATED \(name) ", range: beginLine..<text.endIndex)
                ?? text.range(of: "END GENERATED \(name) */", range: beginLine..<text.endIndex),
            let endLineStart = text[..<end.lowerBound].lastIndex(of: "\n")
        else {
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

    private static func apiTable(
        _ functions: [(field: String, function: String)], _ table: PluginTable,
        _ configuration: Configuration
    ) -> String {
        // The folder and file name ("CFFI/include/api_table.h": a C target's include folder skipped).
        let guardName = table.initialiserPath.split(separator: "/").filter { $0 != "include" }.suffix(2).joined(separator: "_")
            .uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
        var out = """
            /* The table behind \(table.getterName)(), built in C.
             * GENERATED by \(configuration.generatorName) from the \(table.structName) struct of \(configuration.headerPath) \
            (`\(configuration.command)`); do
             * not edit: `make test` fails when this file is stale.
             *
             * Why C: most exports are `@MainActor @c` Swift functions, and Swift refuses to form a
             * `@convention(c)` pointer from a global-actor-isolated function. Here the C compiler takes
             * the address of each exported symbol and checks it against the field's type in the header's
             * struct, so a wrong signature is a compile error and the table holds exactly the addresses
             * dlsym() would give. The table is a `static const` object with a constant initialiser: safe
             * to hand out from any thread before mvvm_init(). The header is reached as the module \(table.headerModule). */
            #ifndef \(guardName)
            #define \(guardName)

            #pragma clang module import \(table.headerModule)

            static inline const \(table.structName) *\(table.initialiserFunction)(void) {
                static const \(table.structName) table = {
                    .struct_size = (uint32_t)sizeof(\(table.structName)),
                    .abi_version = MVVM_ABI_VERSION,

            """
        if table.linksFramework { out += "        .get_framework_api = mvvm_get_api,\n" }
        for (field, function) in functions { out += "        .\(field) = \(function),\n" }
        out += """
                };
                return &table;
            }

            #endif /* \(guardName) */

            """
        return out
    }

    /// An application's `*_get_api` export, over its table's C initialiser.
    private static func pluginTableExport(_ table: PluginTable, _ configuration: Configuration) -> String {
        var out = """
            // GENERATED by \(configuration.generatorName) from the \(table.structName) struct of \
            \(configuration.headerPath); do not edit. Regenerate with `\(configuration.command)`.

            """
        for module in Set(configuration.imports + [table.initialiserModule, "MVVMRuntime"]).sorted() { out += "import \(module)\n" }
        let getter = table.getterName
        let head = "@c public func \(getter)("
        out += """

            /// The plug-in entry point: this application's function table (\(configuration.headerPath)), for
            /// hosts that dlopen() the library. Any thread, before mvvm_init() too.
            \(head)_ abiVersion: Int32,
            \(String(repeating: " ", count: head.count))_ outAPI: UnsafeMutablePointer<UnsafePointer<\(table.structName)>?>?) -> mvvm_status {
                PluginTableExport.hand(\(table.initialiserFunction)(), abiVersion, outAPI, "out_api")
            }

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

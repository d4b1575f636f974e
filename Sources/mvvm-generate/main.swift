// mvvm-generate: writes the files that follow from the seeds' app's declarations (the typed C
// functions, their header sections, the plug-in table). `--check` only verifies them.
// Linking MVVMSeedsApp registers its types; the generator reads them from the registry.
import Foundation
import MVVMGenerator
import MVVMSeedsApp

/// `make generate`'s paths and the generated exports' imports.
let configuration = Generator.Configuration(
    headerPath: "Include/mvvm.h", apiTablePath: "Sources/CLibFFI/api_table.h",
    swiftExportsFolder: "Sources/MVVMSeedsApp/Exports/Generated", declarationsFolder: "Sources/MVVMSeedsApp/Declarations",
    imports: ["CMVVM", "Dispatch", "MVVMDomain", "MVVMFeatures", "MVVMRuntime"], command: "make generate")

let arguments = CommandLine.arguments.dropFirst()
let check = arguments.contains("--check")
let root = arguments.first { !$0.hasPrefix("--") } ?? FileManager.default.currentDirectoryPath
exit(Generator.run(root: root, check: check, configuration: configuration))

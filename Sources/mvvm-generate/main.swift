// mvvm-generate: writes the files that follow from the seeds' app's declarations (the typed C
// functions, their header sections, the plug-in table). `--check` only verifies them.
import Foundation
import MVVMRuntime
import MVVMSeedsApp

let arguments = CommandLine.arguments.dropFirst()
let check = arguments.contains("--check")
let root = arguments.first { !$0.hasPrefix("--") } ?? FileManager.default.currentDirectoryPath
exit(Generator.run(root: root, check: check, configuration: SeedsApp.generatorConfiguration))

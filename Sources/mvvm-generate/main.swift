// mvvm-generate: writes the files that follow from the seeds' app's declarations (its @ViewModel
// types, records, enums, the coordinator's and the repository's declarations: the typed C
// functions, the generated blocks of its header Include/mvvm_seeds.h, its plug-in table).
// `--check` only verifies. Linking MVVMSeedsApp registers its types; the generator reads them
// from the registry, as any application's generator does.
import Foundation
import MVVMGenerator
import MVVMSeedsApp

let configuration = Generator.Configuration(
    header: "Include/mvvm_seeds.h",
    pluginTable: .init(
        structName: "mvvm_seeds_api", getterName: "mvvm_seeds_get_api", initialiserPath: "Sources/CMVVMSeeds/api_table.h",
        headerModule: "CMVVMSeeds", initialiserModule: "CMVVMSeedsAPITable", functionPrefix: "mvvm_"),
    swiftExportsFolder: "Sources/MVVMSeedsApp/Exports/Generated", declarationsFolder: "Sources/MVVMSeedsApp",
    imports: ["CMVVM", "CMVVMSeeds", "Dispatch", "MVVMDomain", "MVVMRuntime"],
    generatorName: "mvvm-generate", command: "make generate")
exit(Generator.main(configuration))

// mvvm-generate-framework: writes what follows from the framework's own header, Include/mvvm.h:
// its plug-in table's fields (the `api` block) and the table's C initialiser. It links no
// application: the framework's header declares none. `--check` only verifies.
import Foundation
import MVVMGenerator

let configuration = Generator.Configuration(
    header: "Include/mvvm.h",
    pluginTable: .init(
        structName: "mvvm_api", getterName: "mvvm_get_api", initialiserPath: "Sources/CFFI/include/api_table.h",
        headerModule: "CMVVM", initialiserModule: "CMVVMAPITable", functionPrefix: "mvvm_", linksFramework: false),
    swiftExportsFolder: nil, declarationsFolder: "Include/mvvm.h", imports: [],
    generatorName: "mvvm-generate-framework", command: "make generate")
exit(Generator.main(configuration))

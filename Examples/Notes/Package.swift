// swift-tools-version:6.0
// Notes: an application built on mvvm, the way a user builds one (README "Build your own app
// on mvvm"). Its models, repositories and ViewModels are plain Swift + Combine (NotesApp); its
// declarations make them a C API; the dynamic product `notes` is ONE library holding the
// framework and the app (libnotes.so), and `notes-generate` writes Include/notes.h and the
// typed exports from the declarations.
import PackageDescription

// mvvm by path: this repository's checkout (Tests/Examples/check-notes.sh points a copy of this
// folder at the checkout under test). Its Include folder is where the app's header finds
// <mvvm.h> when Swift imports the header (the CNotes module).
let mvvm = "../.."
let mvvmFolder = mvvm.hasPrefix("/") ? mvvm : "\(Context.packageDirectory)/\(mvvm)"
// Every target that sees the app's header (through NotesApp) needs mvvm's Include folder; the
// ones that use mvvm's macros (@Record, @Enumeration) load their compiler plugin, which mvvm's
// scripts/build-macros.sh builds (the Makefile runs it first).
let swiftSettings: [SwiftSetting] = [
    .unsafeFlags([
        "-warnings-as-errors", "-Xcc", "-I\(mvvmFolder)/Include",
        "-load-plugin-library", "\(mvvmFolder)/.build/macros/libMVVMMacros.so",
    ])
]

let package = Package(
    name: "Notes",
    products: [
        .library(name: "notes", type: .dynamic, targets: ["NotesApp"]),
        .executable(name: "notes-generate", targets: ["notes-generate"]),
    ],
    dependencies: [
        .package(name: "mvvm", path: mvvm),
    ],
    targets: [
        // The app's header and its plug-in table's initialiser as modules (notes-generate writes both).
        .systemLibrary(name: "CNotes"),
        .target(
            name: "NotesApp",
            dependencies: [
                "CNotes",
                .product(name: "MVVMRuntime", package: "mvvm"),
                .product(name: "MVVMBindingCore", package: "mvvm"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "notes-generate",
            dependencies: ["NotesApp", .product(name: "MVVMGenerator", package: "mvvm")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "NotesAppTests",
            dependencies: [
                "NotesApp",
                .product(name: "MVVMBindingCore", package: "mvvm"),
                .product(name: "MVVMTestSupport", package: "mvvm"),
            ],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)

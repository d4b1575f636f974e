// swift-tools-version:6.0
// Notes: an application built on mvvm, the way a user builds one (README "Build your own app
// on mvvm"). Its models, repositories and ViewModels are plain Swift + Combine (NotesApp); its
// declarations make them a C API; the dynamic product `notes` is ONE library holding the
// framework and the app (libnotes.so), and `notes-generate` writes Include/notes.h and the
// typed exports from the declarations.
import PackageDescription

let package = Package(
    name: "Notes",
    products: [
        .library(name: "notes", type: .dynamic, targets: ["NotesApp"]),
        .executable(name: "notes-generate", targets: ["notes-generate"]),
    ],
    dependencies: [
        // mvvm by path: this repository's checkout (Tests/Examples/check-notes.sh points a copy
        // of this folder at the checkout under test).
        .package(name: "mvvm", path: "../.."),
    ],
    targets: [
        .target(
            name: "NotesApp",
            dependencies: [
                .product(name: "MVVMRuntime", package: "mvvm"),
                .product(name: "MVVMBindingCore", package: "mvvm"),
            ],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .executableTarget(
            name: "notes-generate",
            dependencies: ["NotesApp", .product(name: "MVVMGenerator", package: "mvvm")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(
            name: "NotesAppTests",
            dependencies: ["NotesApp", .product(name: "MVVMBindingCore", package: "mvvm")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ],
    swiftLanguageModes: [.v6]
)

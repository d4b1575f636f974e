// swift-tools-version:6.0
// A package outside the main one that depends on MVVMBinding by path. Its ViewModels are the
// seeds' Combine code copied verbatim with only `import Combine` changed to
// `import MVVMBinding`; if they build and their tests pass, the Combine promise holds.
import PackageDescription

let package = Package(
    name: "SeedCompatibility",
    dependencies: [.package(name: "mvvm", path: "../..")],
    targets: [
        .target(name: "SeedViewModels", dependencies: [.product(name: "MVVMBinding", package: "mvvm")]),
        .testTarget(
            name: "SeedViewModelsTests",
            dependencies: ["SeedViewModels", .product(name: "MVVMBinding", package: "mvvm")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// The MVVM core: Combine-compatible binding primitives, the domain layer and the ViewModels.
// Dependencies point one way: MVVMBinding <- MVVMDomain <- MVVMFeatures.
import PackageDescription

let package = Package(
    name: "mvvm",
    products: [
        .library(name: "MVVMBinding", targets: ["MVVMBinding"]),
        .library(name: "MVVMDomain", targets: ["MVVMDomain"]),
        .library(name: "MVVMFeatures", targets: ["MVVMFeatures"]),
        .executable(name: "mvvm-demo", targets: ["mvvm-demo"]),
    ],
    targets: [
        .target(name: "MVVMBinding"),
        .target(name: "MVVMDomain", dependencies: ["MVVMBinding"]),
        .target(name: "MVVMFeatures", dependencies: ["MVVMBinding", "MVVMDomain"]),
        .executableTarget(name: "mvvm-demo", dependencies: ["MVVMFeatures", "MVVMDomain", "MVVMBinding"]),
        .testTarget(name: "MVVMBindingTests", dependencies: ["MVVMBinding"]),
        .testTarget(name: "MVVMDomainTests", dependencies: ["MVVMDomain"]),
        .testTarget(name: "MVVMFeaturesTests", dependencies: ["MVVMFeatures", "MVVMDomain", "MVVMBinding"]),
    ],
    swiftLanguageModes: [.v6]
)

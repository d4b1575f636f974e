// swift-tools-version:6.0
// Side-by-side benchmarks: each figure is printed beside a reference measured in the same run.
import PackageDescription

let package = Package(
    name: "mvvm-benchmarks",
    dependencies: [.package(name: "mvvm", path: "..")],
    targets: [
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "binding-bench",
            dependencies: ["BenchmarkSupport", .product(name: "MVVMBinding", package: "mvvm")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

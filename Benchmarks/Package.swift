// swift-tools-version:6.0
// Side-by-side benchmarks: each figure is printed beside a reference measured in the same run.
import PackageDescription

let package = Package(
    name: "mvvm-benchmarks",
    dependencies: [.package(name: "mvvm", path: "..")],
    targets: [
        .target(name: "BenchmarkSupport"),
        // mallinfo2() for the memory figures (not visible through Swift's Glibc module).
        .target(name: "MallocStats"),
        .executableTarget(
            name: "binding-bench",
            dependencies: ["BenchmarkSupport", "MallocStats", .product(name: "MVVMBinding", package: "mvvm")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// The MVVM core: Combine-compatible binding primitives, the domain layer and the ViewModels.
// Dependencies point one way: MVVMBindingCore <- MVVMDomain <- MVVMFeatures <- MVVMRuntime.
// MVVMRuntime is the C ABI, shipped as the dynamic library libmvvm.so (product "mvvm") with
// the public header Include/mvvm.h.
import PackageDescription

let package = Package(
    name: "mvvm",
    products: [
        .library(name: "MVVMBinding", targets: ["MVVMBinding"]),
        // URLSession's Combine publisher: its own product, so that FoundationNetworking is
        // linked only by code that imports it, never by libmvvm.so.
        .library(name: "MVVMBindingNetworking", targets: ["MVVMBindingNetworking"]),
        .library(name: "MVVMDomain", targets: ["MVVMDomain"]),
        .library(name: "MVVMFeatures", targets: ["MVVMFeatures"]),
        .library(name: "mvvm", type: .dynamic, targets: ["MVVMRuntime"]),
    ],
    targets: [
        // Hooks into the Swift concurrency runtime that need its calling convention (C).
        .target(name: "CExecutorHooks"),
        // Our Combine in two modules: MVVMBindingCore, Foundation-free (FoundationEssentials,
        // Dispatch and Synchronization only), which the shipped library's targets import; and
        // MVVMBinding, which re-exports it and adds the corelibs-Foundation integrations
        // (RunLoop and OperationQueue schedulers, Timer.publish, NotificationCenter): what a
        // Swift programmer imports in place of Combine. The bridges' folder sits inside the
        // core's and is excluded from it.
        .target(name: "MVVMBindingCore", dependencies: ["CExecutorHooks"], path: "Sources/MVVMBinding",
                exclude: ["FoundationBridges"]),
        .target(name: "MVVMBinding", dependencies: ["MVVMBindingCore"], path: "Sources/MVVMBinding/FoundationBridges"),
        .target(name: "MVVMBindingNetworking", dependencies: ["MVVMBinding"]),
        // The system's SQLite, behind the SQLite repository (no vendored copy).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libcurl: the HTTP repository's transport (its own multi handle on its own thread).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "MVVMDomain", dependencies: ["MVVMBindingCore", "CSQLite", "CCurl"]),
        .target(name: "MVVMFeatures", dependencies: ["MVVMBindingCore", "MVVMDomain"]),
        // libffi, plus inline C shims Swift 6 cannot express (thread locals, ffi_type globals).
        .systemLibrary(name: "CLibFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        // The public header as a Swift module, so the runtime compiles against the same types.
        .systemLibrary(name: "CMVVM", path: "Include"),
        .target(name: "MVVMRuntime", dependencies: ["CLibFFI", "CMVVM", "MVVMBindingCore", "MVVMDomain", "MVVMFeatures"]),
        // Writes the files that follow from the type declarations (`make generate`).
        .executableTarget(name: "mvvm-generate", dependencies: ["MVVMRuntime"]),
        .testTarget(name: "MVVMBindingTests", dependencies: ["MVVMBinding", "MVVMBindingCore"]),
        .testTarget(name: "MVVMBindingNetworkingTests", dependencies: ["MVVMBindingNetworking", "MVVMBinding"]),
        .testTarget(name: "MVVMDomainTests", dependencies: ["MVVMDomain"]),
        .testTarget(name: "MVVMFeaturesTests", dependencies: ["MVVMFeatures", "MVVMDomain", "MVVMBinding"]),
    ],
    swiftLanguageModes: [.v6]
)

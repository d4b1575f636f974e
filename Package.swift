// swift-tools-version:6.0
// The MVVM core: Combine-compatible binding primitives, the domain layer and the ViewModels.
// MVVMBindingCore is our Combine without corelibs Foundation (MVVMBinding re-exports it and adds
// the Foundation bridges). MVVMRuntime is the framework (the declaration language, the
// registry, the C ABI runtime; docs/DESIGN.md) and names no type of any app; MVVMSeedsApp is the
// seeds' app built on it, its ViewModels declared by their code (@ViewModel), as an app's are.
// Dependencies: MVVMBindingCore <- MVVMRuntime <- MVVMSeedsApp -> MVVMDomain (MVVMBindingCore).
// The dynamic library libmvvm.so (product "mvvm", headers Include/mvvm.h and mvvm_seeds.h) is both.
import PackageDescription

// mvvm's macros (@Record, @Enumeration, @ViewModel, @HostInterface, #registerApplication) expand
// in a compiler plugin that `make deps` builds (scripts/build-macros.sh: SwiftPM's macro targets
// need the swift-syntax package, which cannot be fetched; the toolchain's host libraries are
// enough). A target that declares or uses them loads it; an app's package adds the same flag
// (Examples/Notes/Package.swift).
let macros = SwiftSetting.unsafeFlags(["-load-plugin-library", "\(Context.packageDirectory)/.build/macros/libMVVMMacros.so"])

let package = Package(
    name: "mvvm",
    products: [
        .library(name: "MVVMBinding", targets: ["MVVMBinding"]),
        // Our Combine without corelibs Foundation: what an application's ViewModels import
        // when its shipped library must stay slim (Examples/Notes).
        .library(name: "MVVMBindingCore", targets: ["MVVMBindingCore"]),
        // URLSession's Combine publisher: its own product, so that FoundationNetworking is
        // linked only by code that imports it, never by libmvvm.so.
        .library(name: "MVVMBindingNetworking", targets: ["MVVMBindingNetworking"]),
        .library(name: "MVVMDomain", targets: ["MVVMDomain"]),
        .library(name: "MVVMRuntime", targets: ["MVVMRuntime"]),
        .library(name: "MVVMGenerator", targets: ["MVVMGenerator"]),
        // XCTest helpers for an application's ViewModel tests (recorders, awaiting, leak checks).
        .library(name: "MVVMTestSupport", targets: ["MVVMTestSupport"]),
        .library(name: "mvvm", type: .dynamic, targets: ["MVVMRuntime", "MVVMSeedsApp"]),
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
        // The system's SQLite, behind the SQLite repository (no vendored copy), opened with
        // dlopen by the first connection rather than linked: linked, its ~1,600 symbols were
        // bound at every host's start (~0.2 ms), SQLite repository or not. Its header comes
        // from libsqlite3-dev at build time.
        .target(name: "CSQLite", dependencies: ["CLibraryLoader"]),
        // libcurl: the HTTP repository's transport (its own multi handle on its own thread),
        // opened with dlopen when the first HTTP client starts rather than linked: a host that
        // makes no HTTP repository never maps it and its TLS libraries. Its header comes from
        // libcurl4-openssl-dev at build time.
        .target(name: "CCurl", dependencies: ["CLibraryLoader"]),
        // libffi, behind the layouts that call a host's function through a call description
        // (swapped and no-object handlers, host tables) and command closures, opened with dlopen
        // on first use rather than linked: a host that uses none never maps it. Its header comes
        // from libffi-dev at build time; the standard types are the library's own (CFFI.h). Also
        // the C shims Swift 6 cannot express (thread locals, libdispatch's main-queue hooks) and
        // the framework's plug-in table (module CMVVMAPITable).
        .target(name: "CFFI", dependencies: ["CLibraryLoader"]),
        // What CSQLite, CCurl and CFFI share: a system library opened and resolved on first use.
        .target(name: "CLibraryLoader"),
        .target(name: "MVVMDomain", dependencies: ["MVVMBindingCore", "CSQLite", "CCurl"]),
        // The public header as a Swift module, so the runtime compiles against the same types.
        .systemLibrary(name: "CMVVM", path: "Include"),
        // The framework: an application's declarations become its C ABI.
        // Its generic code (TypedCall, the member builders) runs specialised in the application's
        // module only if the bodies cross the module boundary: cross-module optimisation.
        .target(
            name: "MVVMRuntime", dependencies: ["CExecutorHooks", "CFFI", "CMVVM", "MVVMBindingCore"],
            swiftSettings: [macros, .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        // The generator's code, for an application's generator executable (in no shipped library).
        .target(name: "MVVMGenerator", dependencies: ["MVVMRuntime"]),
        // The test-support library an application's tests depend on (XCTest, our Combine; no
        // app, no runtime): recording subscribers, awaiting values and conditions, leak checks.
        .target(name: "MVVMTestSupport", dependencies: ["MVVMBindingCore"]),
        // The seeds' app on the framework: its ViewModels (@ViewModel) and coordinator, records,
        // repositories' C constructors, registration. Its header, Include/mvvm_seeds.h (which
        // includes mvvm.h), and its plug-in table, as modules.
        .systemLibrary(name: "CMVVMSeeds"),
        .target(
            name: "MVVMSeedsApp", dependencies: ["CFFI", "CMVVM", "CMVVMSeeds", "MVVMRuntime", "MVVMBindingCore", "MVVMDomain"],
            swiftSettings: [macros]),
        // Writes the files that follow from the seeds' declarations (`make generate`).
        .executableTarget(name: "mvvm-generate", dependencies: ["MVVMGenerator", "MVVMSeedsApp"]),
        // Writes the framework header's plug-in table (`make generate`); links no application.
        .executableTarget(name: "mvvm-generate-framework", dependencies: ["MVVMGenerator"]),
        .testTarget(name: "MVVMBindingTests", dependencies: ["MVVMBinding", "MVVMBindingCore"]),
        .testTarget(name: "MVVMBindingNetworkingTests", dependencies: ["MVVMBindingNetworking", "MVVMBinding"]),
        .testTarget(name: "MVVMDomainTests", dependencies: ["MVVMDomain", "MVVMTestSupport"]),
        .testTarget(name: "MVVMSeedsAppTests", dependencies: ["MVVMSeedsApp", "MVVMRuntime", "CMVVM", "MVVMDomain", "MVVMBinding", "MVVMTestSupport"]),
        .testTarget(name: "MVVMRuntimeTests", dependencies: ["MVVMRuntime", "CFFI", "CMVVM"], swiftSettings: [macros]),
        .testTarget(name: "MVVMGeneratorTests", dependencies: ["MVVMGenerator", "MVVMRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)

// `MVVM_FRAMEWORK_ONLY=1 swift build` (or `swift test`): the framework alone, with the seeds'
// app's targets absent from the build graph, so its own tests prove they need no app
// (`make test-framework-alone`).
if Context.environment["MVVM_FRAMEWORK_ONLY"] == "1" {
    let app: Set<String> = [
        "CSQLite", "CCurl", "MVVMDomain", "CMVVMSeeds", "MVVMSeedsApp", "mvvm-generate", "MVVMDomainTests", "MVVMSeedsAppTests",
    ]
    package.targets.removeAll { app.contains($0.name) }
    package.products.removeAll { ["mvvm", "MVVMDomain"].contains($0.name) }
}

import CMVVM
import Glibc
import XCTest

@testable import MVVMRuntime

/// A named constructor: its C function follows from its parameters, and `make` runs only
/// on arguments that passed every check; host tables share one lifetime, which a refusal
/// abandons (the host still owns its user data: the destroy notifier is not called).
/// The tests are `async`: XCTest on Linux cannot call a synchronous `@MainActor` test.
@MainActor
final class ConstructorDeclarationTests: XCTestCase {
    private struct Options { var struct_size: UInt32, count: Int32 }
    nonisolated private static let options = OptionsDeclaration<Options>(cType: "app_shop_options", defaults: { Options(struct_size: 0, count: 5) })
    nonisolated private static let store = HostInterfaceDeclaration(
        name: "Store", cNamespace: "app", summary: "", members: [.method("all", "", answer: .nothing), .cancel])

    /// A C string for the tests, freed at their end.
    private func cString(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        addTeardownBlock { free(copy) }
        return UnsafePointer(copy)
    }

    /// What the constructor makes (never registered: its type number is arbitrary).
    private final class Made: RuntimeObject {
        override class var objectType: mvvm_type { 1 }
    }

    /// What `make` saw.
    private final class Seen: @unchecked Sendable {
        var name: String??
        var cache: String??
        var count: Int32?
        var host: HostImplementation??
    }

    private func shop(_ seen: Seen, refuse: Bool = false) -> TypeDeclaration {
        TypeDeclaration(
            name: "Shop", cNamespace: "app", handleName: "shop", summary: "",
            constructors: [
                ConstructorDeclaration(
                    "new_named", doc: "",
                    parameters: [
                        .string("name"), .nullableString("cache_or_null"), .options("options", Self.options),
                        .hostTable("store", Self.store, optional: true), .userData, .destroyNotify,
                    ],
                    out: "out_shop"
                ) { arguments throws(APIError) in
                    seen.name = arguments.string("name")
                    seen.cache = arguments.nullableString("cache_or_null")
                    seen.count = arguments.options("options", as: Options.self)?.count
                    seen.host = arguments.host("store")
                    if refuse { throw .invalidArgument("refused by make") }
                    return Made(declaration: TypeDeclaration(name: "Made", handleName: "made", summary: ""))
                }
            ])
    }

    func test_the_c_function_is_the_parameters_then_an_owned_out_handle() async {
        let shop = shop(Seen())
        let constructor = shop.constructors[0]
        XCTAssertEqual(constructor.function(of: shop), "app_shop_new_named")
        let function = constructor.cFunction(of: shop)
        XCTAssertEqual(
            function.signature,
            "mvvm_status (*)(const char *, const char *, const app_shop_options *, const app_store_vtable *, void *, mvvm_destroy_notify, mvvm_object **)"
        )
        XCTAssertEqual(function.parameters.last, .output("out_shop", .object, owned: true))
        XCTAssertEqual(function.parameters[2].ownership, .lent)
        XCTAssertEqual(shop.interfaces.map(\.cType), ["app_store_vtable"])
    }

    func test_make_gets_the_checked_arguments() async throws {
        let seen = Seen()
        var options = Options(struct_size: UInt32(MemoryLayout<Options>.size), count: 9)
        try withUnsafeBytes(of: &options) { raw in
            _ = try TypedCall.make(
                shop(seen).constructors[0],
                [.string(cString("Corner")), .string(nil), .options(raw.baseAddress), .table(nil), .userData(nil), .destroy(nil)])
        }
        XCTAssertEqual(seen.name, "Corner")
        XCTAssertTrue(seen.cache.map { $0 == nil } ?? false, "a NULL nullable string is nil")
        XCTAssertEqual(seen.count, 9)
        XCTAssertTrue(seen.host.map { $0 == nil } ?? false, "make ran, and an optional table left NULL is nil")
    }

    func test_a_null_string_or_options_of_a_wrong_size_are_refused_before_make_runs() async throws {
        let seen = Seen()
        XCTAssertThrowsError(
            try TypedCall.make(shop(seen).constructors[0], [.string(nil), .string(nil), .options(nil), .table(nil), .userData(nil), .destroy(nil)])
        ) { XCTAssertEqual(($0 as? APIError)?.message, "name must not be NULL.") }
        var options = Options(struct_size: 3, count: 9)
        try withUnsafeBytes(of: &options) { raw in
            XCTAssertThrowsError(
                try TypedCall.make(
                    shop(seen).constructors[0],
                    [.string(cString("Corner")), .string(nil), .options(raw.baseAddress), .table(nil), .userData(nil), .destroy(nil)])
            ) { XCTAssertTrue((($0 as? APIError)?.message ?? "").hasPrefix("options->struct_size is 3, expected sizeof(app_shop_options)")) }
        }
        XCTAssertTrue(seen.name == nil, "make never ran")
    }

    func test_a_refusal_after_the_tables_were_taken_keeps_nothing_and_calls_no_destroy_notifier() async throws {
        final class Counter { var destroyed = 0 }
        let counter = Counter()
        let destroy: mvvm_destroy_notify = { userData in Unmanaged<Counter>.fromOpaque(userData!).takeUnretainedValue().destroyed += 1 }
        let noop: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void = { _, _ in }
        let table = UnsafeMutableRawPointer.allocate(byteCount: Self.store.size, alignment: 8)
        defer { table.deallocate() }
        table.storeBytes(of: UInt32(Self.store.size), as: UInt32.self)
        table.storeBytes(of: unsafeBitCast(noop, to: UnsafeRawPointer.self), toByteOffset: Self.store.offset(ofMember: 0), as: UnsafeRawPointer.self)
        table.storeBytes(of: nil, toByteOffset: Self.store.offset(ofMember: 1), as: UnsafeRawPointer?.self)
        let seen = Seen()
        do {
            XCTAssertThrowsError(
                try TypedCall.make(
                    shop(seen, refuse: true).constructors[0],
                    [
                        .string(cString("Corner")), .string(nil), .options(nil), .table(table),
                        .userData(Unmanaged.passUnretained(counter).toOpaque()), .destroy(destroy),
                    ])
            ) { XCTAssertEqual(($0 as? APIError)?.message, "refused by make") }
            XCTAssertTrue(seen.host.map { $0 != nil } ?? false, "make got the table")
            seen.host = nil
        }
        XCTAssertEqual(counter.destroyed, 0, "the host still owns user_data")
    }
}

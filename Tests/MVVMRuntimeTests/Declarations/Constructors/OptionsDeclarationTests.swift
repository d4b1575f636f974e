import CMVVM
import XCTest

@testable import MVVMRuntime

/// A versioned options struct as a constructor reads it: this version's, an earlier one's
/// (its missing fields the defaults, nothing past its end read), and any other size refused.
final class OptionsDeclarationTests: XCTestCase {
    /// Version 0.1 ended before `limit`.
    private struct Options: Equatable {
        var struct_size: UInt32
        var count: Int32
        var weight: Double
        var limit: Int64
    }

    private let declaration = OptionsDeclaration<Options>(
        cType: "app_shop_options", defaults: { Options(struct_size: 99, count: 3, weight: 1.5, limit: 40) },
        earlierVersions: [.version("0.1", size: MemoryLayout<Options>.offset(of: \.limit)!)])

    func test_the_defaults_carry_this_versions_size() {
        XCTAssertEqual(declaration.defaultOptions, Options(struct_size: 24, count: 3, weight: 1.5, limit: 40))
        XCTAssertEqual(declaration.acceptedSizes, [24, 16])
        XCTAssertEqual(declaration.initFunction, "app_shop_options_init")
    }

    func test_the_init_function_writes_the_defaults() {
        var options = Options(struct_size: 0, count: 0, weight: 0, limit: 0)
        withUnsafeMutableBytes(of: &options) { declaration.writeDefaults(to: $0.baseAddress!) }
        XCTAssertEqual(options, declaration.defaultOptions)
    }

    func test_a_struct_of_this_version_is_read_whole() throws {
        var options = Options(struct_size: 24, count: 7, weight: 2, limit: 9)
        let read = try withUnsafeBytes(of: &options) { try declaration.read($0.baseAddress!, parameter: "options") }
        XCTAssertEqual(read, options)
    }

    func test_an_earlier_struct_is_read_to_its_end_and_the_later_fields_take_the_defaults() throws {
        // 0.1's struct, followed by bytes that are not the host's: they must not be read.
        var memory: (Options, Int64) = (Options(struct_size: 16, count: 7, weight: 2, limit: -1), -1)
        let read = try withUnsafeBytes(of: &memory) { try declaration.read($0.baseAddress!, parameter: "options") }
        XCTAssertEqual(read, Options(struct_size: 16, count: 7, weight: 2, limit: 40))
    }

    func test_any_other_size_is_refused_naming_the_parameter_every_size_accepted_and_the_init_function() {
        for size: UInt32 in [0, 4, 20, 32] {
            var options = Options(struct_size: size, count: 0, weight: 0, limit: 0)
            XCTAssertThrowsError(try withUnsafeBytes(of: &options) { try declaration.read($0.baseAddress!, parameter: "fill_or_null") }) {
                XCTAssertEqual(($0 as? APIError)?.status, MVVM_E_INVALID_ARGUMENT)
                XCTAssertEqual(
                    ($0 as? APIError)?.message,
                    "fill_or_null->struct_size is \(size), expected sizeof(app_shop_options) = 24 (or an earlier version's: 16 (0.1)): initialise the struct with app_shop_options_init()."
                )
            }
        }
    }
}

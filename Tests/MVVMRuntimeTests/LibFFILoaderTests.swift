import CFFI
import Glibc
import XCTest

/// libffi is opened by the first call that needs it (`cffi_load`), not linked; when it cannot
/// be, that call fails with an error saying which library or function was missing rather than
/// the process failing to start. The standard types the runtime hands it are its own, and must
/// be libffi's in everything libffi reads.
final class LibFFILoaderTests: XCTestCase {
    private func openFailure(_ soname: String) -> String? {
        var functions = cffi_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard cffi_open(soname, &functions, &error, error.count) != 0 else { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func test_theSystemsLibffiOpensWithEveryFunctionTheRuntimeCalls() {
        XCTAssertNil(openFailure(CFFI_SONAME))
        XCTAssertNil(cffi_load())
    }

    func test_aMissingLibraryIsNamedWithTheLoadersReason() throws {
        let failure = try XCTUnwrap(openFailure("libmvvm-test-no-such-library.so.8"))
        XCTAssertTrue(failure.hasPrefix("libmvvm-test-no-such-library.so.8 could not be loaded ("), failure)
        XCTAssertTrue(failure.contains("No such file"), failure)
    }

    func test_aLibraryWithoutLibffisFunctionsNamesTheFirstMissingOne() {
        XCTAssertEqual(openFailure("libm.so.6"), "libm.so.6 has no ffi_prep_cif")
    }

    func test_theLibrarysOwnStandardTypesAreLibffisInSizeAlignmentAndTypeCode() throws {
        let library = try XCTUnwrap(dlopen(CFFI_SONAME, RTLD_NOW | RTLD_LOCAL))
        defer { dlclose(library) }
        let own: [(String, UnsafeMutablePointer<ffi_type>)] = [
            ("ffi_type_void", cffi_type_void()), ("ffi_type_sint32", cffi_type_sint32()),
            ("ffi_type_sint64", cffi_type_sint64()), ("ffi_type_uint64", cffi_type_uint64()),
            ("ffi_type_double", cffi_type_double()), ("ffi_type_pointer", cffi_type_pointer()),
        ]
        for (name, type) in own {
            let theirs = try XCTUnwrap(dlsym(library, name), name).assumingMemoryBound(to: ffi_type.self).pointee
            XCTAssertEqual(type.pointee.size, theirs.size, name)
            XCTAssertEqual(type.pointee.alignment, theirs.alignment, name)
            XCTAssertEqual(type.pointee.type, theirs.type, name)
            XCTAssertNil(type.pointee.elements, name)
            XCTAssertNil(theirs.elements, name)
        }
    }
}

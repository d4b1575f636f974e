import CCurl
import XCTest

/// libcurl is opened on first use (`ccurl_load`); when it cannot be, the HTTP repository's
/// error says which library or function was missing rather than the process failing to start.
final class LibcurlLoaderTests: XCTestCase {
    private func openFailure(_ soname: String) -> String? {
        var functions = ccurl_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard ccurl_open(soname, &functions, &error, error.count) != 0 else { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func test_theSystemsLibcurlOpensWithEveryFunctionTheClientCalls() {
        XCTAssertNil(openFailure("libcurl.so.4"))
        XCTAssertNil(ccurl_load())
    }

    func test_aMissingLibraryIsNamedWithTheLoadersReason() throws {
        let failure = try XCTUnwrap(openFailure("libmvvm-test-no-such-library.so.0"))
        XCTAssertTrue(failure.hasPrefix("libmvvm-test-no-such-library.so.0 could not be loaded ("), failure)
        XCTAssertTrue(failure.contains("No such file"), failure)
    }

    func test_aLibraryWithoutLibcurlsFunctionsNamesTheFirstMissingOne() {
        XCTAssertEqual(openFailure("libc.so.6"), "libc.so.6 has no curl_global_init")
    }
}

import CSQLite
import XCTest

/// libsqlite3 is opened by the first connection (`csqlite_load`); when it cannot be, opening
/// the database fails with an error saying which library or function was missing rather than
/// the process failing to start.
final class SQLiteLoaderTests: XCTestCase {
    private func openFailure(_ soname: String) -> String? {
        var functions = csqlite_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard csqlite_open(soname, &functions, &error, error.count) != 0 else { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func test_theSystemsSQLiteOpensWithEveryFunctionTheConnectionCalls() {
        XCTAssertNil(openFailure("libsqlite3.so.0"))
        XCTAssertNil(csqlite_load())
    }

    func test_aMissingLibraryIsNamedWithTheLoadersReason() throws {
        let failure = try XCTUnwrap(openFailure("libmvvm-test-no-such-library.so.0"))
        XCTAssertTrue(failure.hasPrefix("libmvvm-test-no-such-library.so.0 could not be loaded ("), failure)
        XCTAssertTrue(failure.contains("No such file"), failure)
    }

    func test_aLibraryWithoutSQLitesFunctionsNamesTheFirstMissingOne() {
        XCTAssertEqual(openFailure("libm.so.6"), "libm.so.6 has no sqlite3_open_v2")
    }
}

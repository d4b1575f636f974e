import XCTest

@testable import MVVMDomain

final class HeaderLineTests: XCTestCase {
    private func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    func test_names_compare_ignoring_ascii_case_only() {
        XCTAssertTrue(withBytes("X-Total-Count") { HeaderLine.equalsIgnoringCase($0, "x-total-count") })
        XCTAssertTrue(withBytes("content-length") { HeaderLine.equalsIgnoringCase($0, "content-length") })
        XCTAssertFalse(withBytes("Content-Lengths") { HeaderLine.equalsIgnoringCase($0, "content-length") })
        XCTAssertFalse(withBytes("x-total_count") { HeaderLine.equalsIgnoringCase($0, "x-total-count") })
    }

    func test_values_are_trimmed_of_spaces_and_tabs() {
        let trimmed = withBytes(" \t 42 \t") { String(decoding: HeaderLine.trimmed($0), as: UTF8.self) }
        XCTAssertEqual(trimmed, "42")
        XCTAssertEqual(withBytes("   ") { HeaderLine.trimmed($0).count }, 0)
    }

    func test_numbers_are_plain_decimal_digits_that_fit_an_int() {
        XCTAssertEqual(withBytes("1405") { HeaderLine.integer($0) }, 1405)
        XCTAssertEqual(withBytes("0") { HeaderLine.integer($0) }, 0)
        XCTAssertNil(withBytes("") { HeaderLine.integer($0) })
        XCTAssertNil(withBytes("-5") { HeaderLine.integer($0) })
        XCTAssertNil(withBytes("12a") { HeaderLine.integer($0) })
        XCTAssertNil(withBytes("99999999999999999999") { HeaderLine.integer($0) })
        XCTAssertEqual(withBytes(String(Int.max)) { HeaderLine.integer($0) }, Int.max)
    }

    func test_the_status_line_is_recognised_by_its_prefix() {
        XCTAssertTrue(withBytes("HTTP/1.1 200 OK") { HeaderLine.hasPrefix($0, "HTTP/") })
        XCTAssertFalse(withBytes("HTTP") { HeaderLine.hasPrefix($0, "HTTP/") })
        XCTAssertFalse(withBytes("http/1.1 200") { HeaderLine.hasPrefix($0, "HTTP/") })
    }
}

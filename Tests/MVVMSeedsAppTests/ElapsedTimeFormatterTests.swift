import MVVMSeedsApp
import XCTest

final class ElapsedTimeFormatterTests: XCTestCase {
    func test_string_isMinutesSecondsAndHundredths_zeroPadded() {
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .zero), "00:00.00")
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .milliseconds(10)), "00:00.01")
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .milliseconds(1_230)), "00:01.23")
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .milliseconds(65_070)), "01:05.07")
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .seconds(59 * 60 + 59)), "59:59.00")
    }

    func test_string_truncatesHundredths_ratherThanRounding() {
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .milliseconds(999)), "00:00.99")
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .nanoseconds(9_999_999)), "00:00.00")
    }

    func test_string_letsMinutesGrowPastAnHour() {
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .seconds(75 * 60 + 3)), "75:03.00")
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .seconds(120 * 60)), "120:00.00")
    }

    func test_string_showsNegativeDurationsAsZero() {
        XCTAssertEqual(ElapsedTimeFormatter.string(from: .milliseconds(-1_500)), "00:00.00")
    }
}

import Foundation
import MVVMBinding
import XCTest

final class DemandTests: XCTestCase {
    func test_addition_isUnlimitedWhenEitherSideIsOrItOverflows() {
        XCTAssertEqual(Subscribers.Demand.max(100) + .max(42), .max(142))
        XCTAssertEqual(Subscribers.Demand.max(42) + .unlimited, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(81) + 42, .max(123))
        XCTAssertEqual(Subscribers.Demand.max(Int.max) + 10, .unlimited)
        var demand = Subscribers.Demand.unlimited
        demand += Int.min
        XCTAssertEqual(demand, .unlimited, "unlimited absorbs any change")
    }

    func test_subtraction_fromUnlimitedStaysUnlimited_andOfUnlimitedGivesNone() {
        XCTAssertEqual(Subscribers.Demand.max(100) - .max(42), .max(58))
        XCTAssertEqual(Subscribers.Demand.max(81) - 42, .max(39))
        XCTAssertEqual(Subscribers.Demand.max(42) - .unlimited, .none)
        XCTAssertEqual(Subscribers.Demand.unlimited - .unlimited, .unlimited)
        XCTAssertEqual(Subscribers.Demand.unlimited - 42, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(Int.max) - (-1), .none, "an overflowing difference is none, as Combine's")
        var demand = Subscribers.Demand.max(1)
        demand -= 1
        XCTAssertEqual(demand, .none)
    }

    func test_multiplication() {
        XCTAssertEqual(Subscribers.Demand.max(42) * 2, .max(84))
        XCTAssertEqual(Subscribers.Demand.unlimited * Int.max, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(Int.max) * 2, .unlimited)
    }

    // A finite result below zero (`.none - 1`: a value nobody asked for) traps, as Combine's;
    // a trap cannot be observed from inside the test process, so it is not exercised here.

    func test_codable_isOneUnsignedNumber_unlimitedAsIntMaxPlusOne() throws {
        struct Wrapper: Codable, Equatable { let value: Subscribers.Demand }
        let encoder = JSONEncoder()

        XCTAssertEqual(String(decoding: try encoder.encode(Wrapper(value: .max(42))), as: UTF8.self), #"{"value":42}"#)
        XCTAssertEqual(
            String(decoding: try encoder.encode(Wrapper(value: .unlimited)), as: UTF8.self), #"{"value":9223372036854775808}"#)
        XCTAssertEqual(try JSONDecoder().decode(Wrapper.self, from: Data(#"{"value":42}"#.utf8)), Wrapper(value: .max(42)))
        XCTAssertEqual(
            try JSONDecoder().decode(Wrapper.self, from: Data(#"{"value":9223372036854775809}"#.utf8)), Wrapper(value: .unlimited),
            "anything above Int.max is unlimited")
        XCTAssertThrowsError(try JSONDecoder().decode(Wrapper.self, from: Data(#"{"value":-1}"#.utf8)))
    }
}

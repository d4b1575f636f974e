import XCTest

@testable import MVVMRuntime

/// Records as `Value`s: equal when of one type with equal fields (the notify rule's
/// comparison with the value last announced), never across record types.
final class RecordValueTests: XCTestCase {
    func test_records_of_one_type_compare_by_their_fields() {
        XCTAssertEqual(Value.record(SmallRecord(id: 1)), Value.record(SmallRecord(id: 1)))
        XCTAssertNotEqual(Value.record(SmallRecord(id: 1)), Value.record(SmallRecord(id: 2)))
    }

    func test_records_of_two_types_are_never_equal_even_with_equal_fields() {
        XCTAssertNotEqual(Value.record(SmallRecord(id: 1)), Value.record(OtherRecord(id: 1)))
        XCTAssertFalse(SmallRecord(id: 1).isEqual(to: OtherRecord(id: 1)))
    }
}

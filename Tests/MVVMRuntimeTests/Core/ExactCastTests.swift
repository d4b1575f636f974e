import XCTest

@testable import MVVMRuntime

/// `exactCast`: a value comes back as its own type, through an
/// existential or not, and as nothing else (no subclass, optional or numeric conversion).
final class ExactCastTests: XCTestCase {
    private class Base: @unchecked Sendable {}
    private final class Derived: Base, @unchecked Sendable {}

    private let record = EveryKindRecord(id: 7, count: 1, flag: true, ratio: 0.5, title: "Grüße", note: "a note")

    func test_a_record_comes_back_from_its_existential_as_itself() {
        let boxed: any RecordValue = record
        XCTAssertEqual(exactCast(boxed, to: EveryKindRecord.self), record)
    }

    func test_a_record_of_another_type_is_no_cast() {
        let boxed: any RecordValue = record
        XCTAssertNil(exactCast(boxed, to: Int.self))
        XCTAssertTrue(exactCast(boxed, to: EveryKindRecord?.self) == nil, "an optional is another type")
    }

    func test_a_subclass_is_not_its_superclass_here() {
        let derived: any Sendable = Derived()
        XCTAssertNil(exactCast(derived, to: Base.self))
        XCTAssertNotNil(exactCast(derived, to: Derived.self))
    }

    func test_numbers_are_not_converted() {
        let number: any Sendable = Int32(3)
        XCTAssertNil(exactCast(number, to: Int.self))
        XCTAssertEqual(exactCast(number, to: Int32.self), 3)
    }

    func test_the_copy_keeps_a_reference_alive_after_the_existential_is_gone() {
        weak var released: Derived?
        var cast: Derived?
        do {
            let object = Derived()
            released = object
            let boxed: any Sendable = object
            cast = exactCast(boxed, to: Derived.self)
        }
        XCTAssertNotNil(released, "the cast holds its own reference")
        cast = nil
        XCTAssertNil(released, "and releases it")
        _ = cast
    }
}

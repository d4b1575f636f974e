import MVVMBinding
import XCTest

final class OptionalPublisherOperatorsTests: XCTestCase {
    func test_operators_computeTheirResultAtOnce_andReturnAnOptionalPublisher() {
        let some = Optional(4).publisher
        let none = Optional<Int>.none.publisher

        let results: [Optional<Int>.Publisher] = [
            some.map { $0 + 1 }, none.map { $0 + 1 }, some.filter { $0 > 5 }, some.compactMap { $0 > 1 ? $0 : nil },
            some.dropFirst(), some.dropFirst(0), some.drop { $0 < 3 }, some.prefix(1), some.prefix(0),
            some.prefix { $0 < 3 }, some.first(where: { $0 == 4 }), some.last(where: { $0 == 5 }),
            some.output(at: 0), some.output(at: 2), some.output(in: ...3), some.removeDuplicates(), some.min(), some.max(),
        ]

        XCTAssertEqual(results.map(\.output), [5, nil, nil, 4, nil, 4, 4, 4, nil, nil, 4, nil, 4, nil, 4, 4, 4, 4])
    }

    func test_replaceEmpty_givesAJust() {
        XCTAssertEqual(Optional<Int>.none.publisher.replaceEmpty(with: 7), Just(7))
        XCTAssertEqual(Optional(1).publisher.replaceEmpty(with: 7), Just(1))
    }

    func test_ignoreOutput_finishesWithoutAValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Optional(1).publisher.ignoreOutput().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_reducingOperators_answerForTheValue_andNothingWithoutOne() {
        let some = Optional(4).publisher
        let none = Optional<Int>.none.publisher

        let satisfied: Optional<Bool>.Publisher = some.allSatisfy { $0 > 3 }
        let counted: Optional<Int>.Publisher = some.count()
        let collected: Optional<[Int]>.Publisher = some.collect()

        XCTAssertEqual(satisfied.output, true)
        XCTAssertEqual(some.contains { $0 > 4 }.output, false)
        XCTAssertEqual(some.contains(4).output, true)
        XCTAssertEqual(counted.output, 1)
        XCTAssertEqual(collected.output, [4])
        XCTAssertEqual(some.reduce(10, +).output, 14)
        XCTAssertEqual(some.scan(10, +).output, 14)
        XCTAssertEqual(none.allSatisfy { _ in true }.output, nil)
        XCTAssertEqual(none.contains(4).output, nil)
        XCTAssertEqual(none.count().output, nil)
        XCTAssertEqual(none.collect().output, [], "collect publishes what it gathered, even nothing, as Combine's")
        XCTAssertEqual(none.reduce(10, +).output, nil)
    }
}

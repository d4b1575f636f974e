import MVVMBinding
import XCTest

final class SequencePublisherOperatorsTests: XCTestCase {
    func test_elementTransformingOperators_returnASequencePublisherOfTheResult() {
        let numbers = [1, 2, 2, 3].publisher

        let mapped: Publishers.Sequence<[String], Never> = numbers.map { "\($0)" }
        let filtered: Publishers.Sequence<[Int], Never> = numbers.filter { $0 > 1 }
        let compacted: Publishers.Sequence<[Int], Never> = numbers.compactMap { $0 == 2 ? nil : $0 }
        let scanned: Publishers.Sequence<[Int], Never> = numbers.scan(0, +)
        let deduplicated: Publishers.Sequence<[Int], Never> = numbers.removeDuplicates()
        let prefixed: Publishers.Sequence<[Int], Never> = numbers.prefix { $0 < 3 }

        XCTAssertEqual(mapped.sequence, ["1", "2", "2", "3"])
        XCTAssertEqual(filtered.sequence, [2, 2, 3])
        XCTAssertEqual(compacted.sequence, [1, 3])
        XCTAssertEqual(scanned.sequence, [1, 3, 5, 8])
        XCTAssertEqual(deduplicated.sequence, [1, 2, 3])
        XCTAssertEqual(prefixed.sequence, [1, 2, 2])
        XCTAssertEqual(Array(numbers.dropFirst(2).sequence), [2, 3])
        XCTAssertEqual(Array(numbers.drop { $0 < 2 }.sequence), [2, 2, 3])
        XCTAssertEqual([1, nil].publisher.replaceNil(with: 0).sequence, [1, 0])
    }

    func test_reducingOperators_returnAResultPublisher() {
        let numbers = Publishers.Sequence<[Int], TestError>(sequence: [3, 1, 2])

        XCTAssertEqual(numbers.collect().result, .success([3, 1, 2]))
        XCTAssertEqual(numbers.reduce(0, +).result, .success(6))
        XCTAssertEqual(numbers.allSatisfy { $0 > 0 }.result, .success(true))
        XCTAssertEqual(numbers.contains(2).result, .success(true))
        XCTAssertEqual(numbers.contains { $0 > 5 }.result, .success(false))
        XCTAssertEqual(try numbers.tryReduce(1, *).result.get(), 6)
        XCTAssertThrowsError(try numbers.tryAllSatisfy { _ in throw TestError.oops }.result.get())
        XCTAssertEqual(try numbers.tryContains { $0 == 1 }.result.get(), true)
    }

    func test_selectingOperatorsOfANeverFailingSequence_returnAnOptionalPublisher() {
        let numbers = [3, 1, 2].publisher

        XCTAssertEqual(numbers.min().output, 1)
        XCTAssertEqual(numbers.max().output, 3)
        XCTAssertEqual(numbers.min { $0 > $1 }.output, 3)
        XCTAssertEqual(numbers.first { $0 < 3 }.output, 1)
        XCTAssertEqual([Int]().publisher.max().output, nil)
    }

    func test_setFailureType_keepsTheSequence_andIgnoreOutputOnlyFinishes() {
        let subscriber = TrackingSubscriber<Int, TestError>()
        let typed: Publishers.Sequence<[Int], TestError> = [1, 2].publisher.setFailureType(to: TestError.self)

        typed.ignoreOutput().subscribe(subscriber)

        XCTAssertEqual(typed.sequence, [1, 2])
        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }
}

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

    func test_prefix_keepsAtMostThatManyElements_inAPrefixSequence() {
        let prefixed: Publishers.Sequence<PrefixSequence<[Int]>, Never> = [3, 1, 2].publisher.prefix(2)

        XCTAssertEqual(Array(prefixed.sequence), [3, 1])
        XCTAssertEqual(Array([3].publisher.prefix(5).sequence), [3])
    }

    func test_positionalOperatorsOfACollection_selectByIndex() {
        let numbers = [3, 1, 2].publisher

        let first: Optional<Int>.Publisher = numbers.first()
        let last: Optional<Int>.Publisher = numbers.last()
        let slice: Publishers.Sequence<[Int], Never> = numbers.output(in: 1..<3)

        XCTAssertEqual(first.output, 3)
        XCTAssertEqual(last.output, 2)
        XCTAssertEqual(numbers.last { $0 > 2 }.output, 3)
        XCTAssertEqual(numbers.output(at: 1).output, 1)
        XCTAssertEqual(numbers.output(at: 3).output, nil)
        XCTAssertEqual(numbers.output(at: -1).output, nil)
        XCTAssertEqual(slice.sequence, [1, 2])
        XCTAssertEqual(numbers.output(in: 0..<1).sequence, [3])
        XCTAssertEqual([Int]().publisher.first().output, nil)
        XCTAssertEqual([Int]().publisher.last().output, nil)
    }

    func test_count_isAJust_forARandomAccessCollectionThatCannotFail_andAResultOtherwise() {
        let neverFailing: Just<Int> = [3, 1, 2].publisher.count()
        let failing: Result<Int, TestError>.Publisher = Publishers.Sequence<[Int], TestError>(sequence: [3, 1]).count()
        let unordered: Result<Int, Never>.Publisher = Set([4, 5, 6]).publisher.count()

        XCTAssertEqual(neverFailing, Just(3))
        XCTAssertEqual([3, 1].publisher.count(), Just(2), "the most specific overload, without a type annotation")
        XCTAssertEqual(failing.result, .success(2))
        XCTAssertEqual(unordered.result, .success(3))
    }

    func test_appendAndPrepend_ofARangeReplaceableCollection_giveOneSequenceOfTheSameType() {
        let numbers = [2, 3].publisher

        let appended: Publishers.Sequence<[Int], Never> = numbers.append(4, 5).append([6]).append([7].publisher)
        let prepended: Publishers.Sequence<[Int], Never> = numbers.prepend(0, 1).prepend([-1]).prepend([-2].publisher)
        let text: Publishers.Sequence<String, Never> = "bc".publisher.prepend("a").append("d")

        XCTAssertEqual(appended.sequence, [2, 3, 4, 5, 6, 7])
        XCTAssertEqual(prepended.sequence, [-2, -1, 0, 1, 2, 3])
        XCTAssertEqual(text.sequence, "abcd")
    }

    // Combine's prepend builds the joined collection as `+` does (an empty one, room reserved
    // for both, then each appended); prepending a publisher appends to a copy of its
    // collection. A collection type with costly copies or appends sees the same calls.

    func test_prependingASequence_reservesRoomForBoth_inAnEmptyCollection() {
        let base = CallRecordingCollection([4, 5])
        let prefix = CallRecordingCollection([1, 2, 3])

        let joined = Publishers.Sequence<CallRecordingCollection<Int>, Never>(sequence: base).prepend(prefix).sequence

        XCTAssertEqual(joined.storage, [1, 2, 3, 4, 5])
        XCTAssertEqual(joined.calls, [.emptyInit, .reserveCapacity, .appendContentsOf, .appendContentsOf])
        XCTAssertEqual(base.calls, [.initFromSequence, .count, .underestimatedCount, .makeIterator])
        XCTAssertEqual(prefix.calls, [.initFromSequence, .underestimatedCount, .underestimatedCount, .makeIterator])
    }

    func test_prependingElements_reservesRoomForBoth_inAnEmptyCollection() {
        let base = CallRecordingCollection([4, 5])

        let joined = Publishers.Sequence<CallRecordingCollection<Int>, Never>(sequence: base).prepend(1, 2).sequence

        XCTAssertEqual(joined.storage, [1, 2, 4, 5])
        XCTAssertEqual(joined.calls, [.emptyInit, .reserveCapacity, .appendContentsOf, .appendContentsOf])
    }

    func test_prependingAPublisher_appendsToACopyOfItsCollection() {
        let base = CallRecordingCollection([4, 5])
        let prefix = CallRecordingCollection([1, 2, 3])

        let joined = Publishers.Sequence<CallRecordingCollection<Int>, Never>(sequence: base)
            .prepend(Publishers.Sequence(sequence: prefix)).sequence

        XCTAssertEqual(joined.storage, [1, 2, 3, 4, 5])
        XCTAssertEqual(prefix.storage, [1, 2, 3], "a copy")
        XCTAssertEqual(joined.calls, [.initFromSequence, .appendContentsOf], "the prefix's record, shared by its copy")
        XCTAssertEqual(base.calls, [.initFromSequence, .underestimatedCount, .makeIterator])
    }
}

import MVVMBinding
import XCTest

final class JustOperatorsTests: XCTestCase {
    func test_valuePreservingOperators_returnAJust() {
        let just = Just(3)

        let results: [Just<Int>] = [
            just.map { $0 * 2 }, just.removeDuplicates(), just.replaceEmpty(with: 0), just.replaceError(with: 0),
            just.retry(2), just.min(), just.max(), just.first(), just.last(),
        ]

        XCTAssertEqual(results.map(\.output), [6, 3, 3, 3, 3, 3, 3, 3, 3])
        XCTAssertEqual(just.count(), Just(1))
        XCTAssertEqual(just.collect(), Just([3]))
        XCTAssertEqual(just.contains(3), Just(true))
        XCTAssertEqual(just.contains { $0 > 5 }, Just(false))
        XCTAssertEqual(just.allSatisfy { $0 > 0 }, Just(true))
    }

    func test_filteringOperators_returnAnOptionalPublisher_thatMayBeEmpty() {
        let just = Just(3)

        XCTAssertEqual(just.filter { $0 > 5 }.output, nil)
        XCTAssertEqual(just.compactMap { $0 > 1 ? "\($0)" : nil }.output, "3")
        XCTAssertEqual(just.dropFirst().output, nil)
        XCTAssertEqual(just.dropFirst(0).output, 3)
        XCTAssertEqual(just.drop { $0 < 5 }.output, nil)
        XCTAssertEqual(just.prefix(1).output, 3)
        XCTAssertEqual(just.prefix(0).output, nil)
        XCTAssertEqual(just.prefix { $0 < 5 }.output, 3)
        XCTAssertEqual(just.first { $0 == 3 }.output, 3)
        XCTAssertEqual(just.last { $0 == 4 }.output, nil)
        XCTAssertEqual(just.output(at: 0).output, 3)
        XCTAssertEqual(just.output(at: 1).output, nil)
        XCTAssertEqual(just.output(in: 0..<2).output, 3)
        XCTAssertEqual(just.output(in: 1...).output, nil)
    }

    func test_throwingAndFailureTypedOperators_returnAResultPublisher() {
        let just = Just(3)

        XCTAssertEqual(try just.tryMap { $0 + 1 }.result.get(), 4)
        XCTAssertThrowsError(try just.tryMap { _ -> Int in throw TestError.oops }.result.get())
        XCTAssertEqual(just.setFailureType(to: TestError.self).result, .success(3))
        XCTAssertEqual(just.mapError { (never: Never) -> TestError in }.result, .success(3))
        XCTAssertEqual(just.scan(10, +).result, .success(13))
        XCTAssertEqual(just.reduce(10, +).result, .success(13))
        XCTAssertEqual(try just.tryScan(1, *).result.get(), 3)
        XCTAssertEqual(try just.tryReduce(2, *).result.get(), 6)
        XCTAssertEqual(try just.tryContains { $0 == 3 }.result.get(), true)
        XCTAssertEqual(try just.tryAllSatisfy { $0 == 4 }.result.get(), false)
        XCTAssertEqual(try just.tryRemoveDuplicates(by: ==).result.get(), 3)
    }

    func test_tryRemoveDuplicates_comparesTheValueWithItselfOnce_andFailsWithWhatThePredicateThrows() {
        var comparisons: [[Int]] = []

        let kept = Just(44).tryRemoveDuplicates {
            comparisons.append([$0, $1])
            return false
        }
        let failed = Just(44).tryRemoveDuplicates { _, _ in throw TestError.oops }

        XCTAssertEqual(comparisons, [[44, 44]])
        XCTAssertEqual(try kept.result.get(), 44)
        XCTAssertThrowsError(try failed.result.get()) { XCTAssertEqual($0 as? TestError, .oops) }
    }

    func test_tryMinAndTryMax_areCombinesGeneralOperators_andNeverCompareTheOneValue() {
        // Combine's Just has no tryMin/tryMax of its own: they are Publisher's, returning
        // Publishers.TryComparison.
        var comparisons = 0
        let least: Publishers.TryComparison<Just<Int>> = Just(3).tryMin {
            comparisons += 1
            return $0 < $1
        }
        let greatest: Publishers.TryComparison<Just<Int>> = Just(3).tryMax { _, _ in throw TestError.oops }
        let leastSubscriber = TrackingSubscriber<Int, Error>()
        let greatestSubscriber = TrackingSubscriber<Int, Error>()

        least.subscribe(leastSubscriber)
        greatest.subscribe(greatestSubscriber)

        XCTAssertEqual(leastSubscriber.history, ["subscription", "value(3)", "finished"])
        XCTAssertEqual(greatestSubscriber.history, ["subscription", "value(3)", "finished"])
        XCTAssertEqual(comparisons, 0)
    }

    func test_outputInRange_givesTheValueOnlyForARangeStartingAtZero_asCombineDoes() {
        let just = Just(12)

        XCTAssertEqual(just.output(in: 0..<10).output, 12)
        XCTAssertEqual(just.output(in: 0...0).output, 12)
        XCTAssertEqual(just.output(in: 0..<0).output, 12, "only the lower bound counts")
        XCTAssertEqual(just.output(in: ...5).output, 12)
        XCTAssertEqual(just.output(in: -10..<10).output, nil, "a range starting below zero gives nothing")
        XCTAssertEqual(just.output(in: (-10)...).output, nil)
        XCTAssertEqual(just.output(in: 1..<10).output, nil)
    }

    func test_prependAndAppend_giveOneSequencePublisher_ofTheElementsAroundTheValue() {
        let just = Just(3)

        let prepended: Publishers.Sequence<[Int], Never> = just.prepend(1, 2)
        let prependedSequence: Publishers.Sequence<[Int], Never> = just.prepend(0..<2)
        let appended: Publishers.Sequence<[Int], Never> = just.append(4, 5)
        let appendedSequence: Publishers.Sequence<[Int], Never> = just.append(Set([4]))

        XCTAssertEqual(prepended.sequence, [1, 2, 3])
        XCTAssertEqual(prependedSequence.sequence, [0, 1, 3])
        XCTAssertEqual(appended.sequence, [3, 4, 5])
        XCTAssertEqual(appendedSequence.sequence, [3, 4])
        XCTAssertEqual(just.prepend().sequence, [3])
        XCTAssertEqual(just.append().sequence, [3])
    }

    func test_prepend_joinsTheElementsAndTheValueAsPlusDoes() {
        // As Combine's: `elements + [output]`, which reads the elements' underestimated count
        // for the room to reserve, then again to append them.
        let elements = CallRecordingCollection([1, 2])

        XCTAssertEqual(Just(3).prepend(elements).sequence, [1, 2, 3])
        XCTAssertEqual(elements.calls, [.initFromSequence, .underestimatedCount, .underestimatedCount, .makeIterator])
    }

    func test_prependedJust_emitsTheElementsThenTheValue_withTheSubscribersDemand() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        Just(3).prepend(1, 2).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func test_ignoreOutput_finishesWithoutAValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Just(1).ignoreOutput().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_theOperators_runTheirClosureOnce_whenApplied() {
        var calls = 0
        let mapped = Just(1).map { value -> Int in
            calls += 1
            return value + 1
        }
        XCTAssertEqual(calls, 1)

        mapped.subscribe(TrackingSubscriber<Int, Never>())
        mapped.subscribe(TrackingSubscriber<Int, Never>())

        XCTAssertEqual(calls, 1)
    }
}

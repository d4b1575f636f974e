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
        XCTAssertEqual(try just.tryMin { _, _ in throw TestError.oops }.result.get(), 3, "one value needs no comparison")
        XCTAssertEqual(try just.tryMax(by: <).result.get(), 3)
        XCTAssertEqual(try just.tryRemoveDuplicates(by: ==).result.get(), 3)
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

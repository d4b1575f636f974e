import MVVMBinding
import XCTest

final class ComparisonTests: XCTestCase {
    private struct Entry: Equatable, CustomStringConvertible {
        let rank: Int
        let name: String
        var description: String { "\(name)\(rank)" }
    }

    func test_minAndMax_publishTheLeastAndGreatestValue_whenTheUpstreamFinishes() {
        let least = TrackingSubscriber<Int, Never>()
        let greatest = TrackingSubscriber<Int, Never>()

        [3, 1, 4, 1, 5].unspecialisedPublisher.min().subscribe(least)
        [3, 1, 4, 1, 5].unspecialisedPublisher.max().subscribe(greatest)

        XCTAssertEqual(least.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(greatest.history, ["subscription", "value(5)", "finished"])
    }

    func test_amongEqualValues_theFirstIsKept() {
        let entries = [Entry(rank: 2, name: "a"), Entry(rank: 1, name: "b"), Entry(rank: 2, name: "c"), Entry(rank: 1, name: "d")]
        let least = TrackingSubscriber<Entry, Never>()
        let greatest = TrackingSubscriber<Entry, Never>()

        entries.unspecialisedPublisher.min { $0.rank < $1.rank }.subscribe(least)
        entries.unspecialisedPublisher.max { $0.rank < $1.rank }.subscribe(greatest)

        XCTAssertEqual(least.values, [Entry(rank: 1, name: "b")])
        XCTAssertEqual(greatest.values, [Entry(rank: 2, name: "a")])
    }

    func test_anEmptyUpstream_finishesWithoutAValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().max().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_theResult_waitsForDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.min().subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        subscriber.request(.max(1))
        upstream.send(2)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }
}

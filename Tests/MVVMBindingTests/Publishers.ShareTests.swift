import Dispatch
import MVVMBinding
import XCTest

final class ShareTests: XCTestCase {
    func test_share_subscribesToTheUpstreamOnceForAllSubscribers() {
        let upstream = DrivenPublisher<Int, Never>()
        let shared = upstream.share()
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()

        shared.subscribe(first)
        shared.subscribe(second)
        upstream.send(1)

        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(first.values, [1])
        XCTAssertEqual(second.values, [1])
    }

    func test_aLateSubscriber_missesTheValuesAlreadySent() {
        let upstream = PassthroughSubject<Int, Never>()
        let shared = upstream.share()
        let early = TrackingSubscriber<Int, Never>()
        let late = TrackingSubscriber<Int, Never>()
        shared.subscribe(early)

        upstream.send(1)
        shared.subscribe(late)
        upstream.send(2)

        XCTAssertEqual(early.values, [1, 2])
        XCTAssertEqual(late.values, [2])
    }

    func test_theUpstreamIsCancelledWhenTheLastSubscriberCancels() {
        let upstream = DrivenPublisher<Int, Never>()
        let shared = upstream.share()
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()
        shared.subscribe(first)
        shared.subscribe(second)

        first.cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 0)
        second.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_aSubscriberAfterCompletion_getsTheCompletionWithoutRerunningTheUpstream() {
        var runs = 0
        let shared = Deferred { () -> Just<Int> in
            runs += 1
            return Just(1)
        }.share()
        let first = TrackingSubscriber<Int, Never>()
        let late = TrackingSubscriber<Int, Never>()

        shared.subscribe(first)
        shared.subscribe(late)

        XCTAssertEqual(first.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(late.history, ["subscription", "finished"])
        XCTAssertEqual(runs, 1)
    }

    func test_share_isAReferenceType_equalOnlyToItself() {
        let upstream = PassthroughSubject<Int, Never>()
        let shared = upstream.share()

        XCTAssertEqual(shared, shared)
        XCTAssertNotEqual(shared, upstream.share())
    }

    func test_seedIdiom_twoSinksShareOneRequest() async {
        var requests = 0
        let response = PassthroughSubject<String, Never>()
        let shared = Deferred { () -> PassthroughSubject<String, Never> in
            requests += 1
            return response
        }.share()
        let first = expectation(description: "first sink")
        let second = expectation(description: "second sink")
        var cancellables = Set<AnyCancellable>()
        shared.sink {
            XCTAssertEqual($0, "done")
            first.fulfill()
        }.store(in: &cancellables)
        shared.sink {
            XCTAssertEqual($0, "done")
            second.fulfill()
        }.store(in: &cancellables)

        DispatchQueue.global().async { response.send("done") }

        await fulfillment(of: [first, second], timeout: 2)
        XCTAssertEqual(requests, 1)
    }
}

// MARK: - Combine's rules (issue 24)

extension ShareTests {
    func test_subscribersSeeAMulticastSubscription_andTheUpstreamIsAskedForEverythingOnce() {
        let upstream = DrivenPublisher<Int, Never>()
        let shared = upstream.share()
        let first = TrackingSubscriber<Int, Never>(initialDemand: .max(42))
        let second = TrackingSubscriber<Int, Never>(initialDemand: .max(1))

        shared.subscribe(first)
        shared.subscribe(second)

        XCTAssertEqual(first.subscriptionDescription, "Multicast")
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited)])
    }

    func test_theUpstreamIsCancelledOnce_whenTheLastSubscriberCancels() {
        let upstream = DrivenPublisher<Int, Never>()
        let shared = upstream.share()
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()
        shared.subscribe(first)
        shared.subscribe(second)

        first.cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 0)
        second.cancel()

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited), .cancelled])
    }

    func test_aSubscriberArrivingAfterCompletion_getsOnlyTheCompletion() {
        let upstream = DrivenPublisher<Int, Never>()
        let shared = upstream.share()
        let early = TrackingSubscriber<Int, Never>()
        shared.subscribe(early)
        upstream.send(1)
        upstream.send(completion: .finished)
        let late = TrackingSubscriber<Int, Never>(initialDemand: nil)

        shared.subscribe(late)

        XCTAssertEqual(early.events, [.subscription, .value(1), .completion(.finished)])
        XCTAssertEqual(late.events, [.subscription, .completion(.finished)])
        XCTAssertEqual(late.subscriptionDescription, "Multicast")
    }
}

extension ShareTests {
    func test_aCompletionBeforeTheUpstreamSubscribed_isIgnored() {
        // As Combine's: the subject's subscriber passes events on only once subscribed.
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>()
        let shared = upstream.share()
        shared.subscribe(subscriber)

        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription"])
        XCTAssertEqual(subscriber.subscriptionDescription, "Multicast")
    }
}

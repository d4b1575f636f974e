import MVVMBinding
import XCTest

final class MulticastTests: XCTestCase {
    func test_multicast_deliversNothingUntilConnected_thenTheSameValuesToEverySubscriber() {
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()
        multicast.subscribe(first)
        multicast.subscribe(second)

        upstream.send(0)
        let connection = multicast.connect()
        upstream.send(1)
        upstream.send(completion: .finished)

        XCTAssertEqual(first.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(second.history, ["subscription", "value(1)", "finished"])
        connection.cancel()
    }

    func test_multicast_subscribesToTheUpstreamOncePerConnection() {
        let upstream = DrivenPublisher<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let subscribers = (0..<3).map { _ in TrackingSubscriber<Int, Never>() }
        subscribers.forEach(multicast.subscribe)

        let connection = multicast.connect()
        upstream.send(7)

        XCTAssertEqual(upstream.subscription.requests, [.unlimited], "the subject asks for everything, once")
        XCTAssertEqual(subscribers.map(\.values), [[7], [7], [7]])
        connection.cancel()
    }

    func test_createSubject_runsOnceForTheLifetimeOfTheMulticast() {
        var created = 0
        let multicast = PassthroughSubject<Int, Never>().multicast { () -> PassthroughSubject<Int, Never> in
            created += 1
            return PassthroughSubject()
        }

        multicast.subscribe(TrackingSubscriber<Int, Never>())
        multicast.subscribe(TrackingSubscriber<Int, Never>())
        _ = multicast.connect()

        XCTAssertEqual(created, 1)
    }

    func test_multicastSubject_sharesThroughTheGivenSubject() {
        let upstream = PassthroughSubject<Int, Never>()
        let subject = CurrentValueSubject<Int, Never>(0)
        let multicast = upstream.multicast(subject: subject)
        let subscriber = TrackingSubscriber<Int, Never>()
        multicast.subscribe(subscriber)

        let connection = multicast.connect()
        upstream.send(5)

        XCTAssertEqual(subscriber.values, [0, 5])
        XCTAssertEqual(subject.value, 5)
        connection.cancel()
    }

    func test_theConnection_isAnAnyCancellable_thatDisconnectsWhenCancelledOrLetGo() {
        // As Combine's: connect() is upstream.subscribe(subject), whose AnyCancellable
        // cancels the upstream when it is cancelled or released.
        let upstream = DrivenPublisher<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let subscriber = TrackingSubscriber<Int, Never>()
        multicast.subscribe(subscriber)

        var connection: (any Cancellable)? = multicast.connect()
        XCTAssertTrue(connection is AnyCancellable)
        upstream.send(1)
        connection = nil
        XCTAssertEqual(upstream.subscription.cancelCount, 1)

        multicast.connect().cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 2)
        XCTAssertEqual(subscriber.values, [1])
    }

    func test_afterTheUpstreamCompleted_connectingAgainSubscribesAgain_andTheCompletedSubjectIgnoresIt() {
        var subscriptions = 0
        let multicast = Deferred { () -> Just<Int> in
            subscriptions += 1
            return Just(1)
        }
        .multicast { PassthroughSubject<Int, Never>() }
        // A subscriber that asks, so the subject asks the upstream (which then completes).
        let early = TrackingSubscriber<Int, Never>()
        multicast.subscribe(early)
        let first = multicast.connect()
        let late = TrackingSubscriber<Int, Never>()

        multicast.subscribe(late)
        let second = multicast.connect()

        XCTAssertEqual(subscriptions, 2)
        XCTAssertEqual(early.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(late.history, ["subscription", "finished"])
        first.cancel()
        second.cancel()
    }

    func test_subscriberCancel_leavesTheOthersConnected() {
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let leaving = TrackingSubscriber<Int, Never>()
        let staying = TrackingSubscriber<Int, Never>()
        multicast.subscribe(leaving)
        multicast.subscribe(staying)
        let connection = multicast.connect()

        leaving.cancel()
        upstream.send(1)

        XCTAssertEqual(leaving.values, [])
        XCTAssertEqual(staying.values, [1])
        connection.cancel()
    }
}

// MARK: - Combine's rules (issue 24)

extension MulticastTests {
    func test_connection_doesNotKeepTheSubjectAlive_andCancellingItAfterwardsReturns() {
        let upstream = DrivenPublisher<Int, Never>()
        weak var weakSubject: PassthroughSubject<Int, Never>?
        var connection: (any Cancellable)?
        do {
            let subject = PassthroughSubject<Int, Never>()
            weakSubject = subject
            connection = upstream.multicast(subject: subject).connect()
        }
        XCTAssertNil(weakSubject, "the connection kept the subject alive")
        guard weakSubject == nil else { return }  // the old connection's cancel spun for ever here
        connection?.cancel()
        // As Combine's: a connection whose subject is gone counts as cancelled already, so
        // its cancel reaches nothing.
        XCTAssertEqual(upstream.history, [.subscribed])
    }

    func test_subscribers_receiveAMulticastSubscription() {
        let multicast = DrivenPublisher<Int, Never>().multicast { PassthroughSubject() }
        let subscriber = TrackingSubscriber<Int, Never>()

        multicast.subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "Multicast")
    }

    func test_theDemandASubscriberReturnsForAValue_isRequestedFromTheSubject_andNoneReturned() {
        let subject = HandDrivenSubject<Int, Never>()
        let multicast = Empty<Int, Never>(completeImmediately: false).multicast(subject: subject)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(42), demandAfterValue: { .max($0) })
        multicast.subscribe(subscriber)

        XCTAssertEqual(subject.deliver(0), .none)
        XCTAssertEqual(subject.deliver(2), .none)
        XCTAssertEqual(subject.deliver(3), .none)

        XCTAssertEqual(subscriber.values, [0, 2, 3])
        XCTAssertEqual(subject.subscription.history, [.requested(.max(42)), .requested(.max(2)), .requested(.max(3))])
    }
}

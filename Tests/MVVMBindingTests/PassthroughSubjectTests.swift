import MVVMBinding
import XCTest

final class PassthroughSubjectTests: XCTestCase {
    func test_send_deliversToEverySubscriberWithDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let first = TrackingSubscriber<Int, TestError>()
        let second = TrackingSubscriber<Int, TestError>()
        subject.subscribe(first)
        subject.subscribe(second)

        subject.send(1)
        subject.send(2)

        XCTAssertEqual(first.history, ["subscription", "value(1)", "value(2)"])
        XCTAssertEqual(second.history, ["subscription", "value(1)", "value(2)"])
    }

    func test_send_dropsValuesWhileSubscriberHasNoDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        subject.subscribe(subscriber)

        subject.send(1)
        subscriber.request(.max(1))
        subject.send(2)
        subject.send(3)

        XCTAssertEqual(subscriber.values, [2])
    }

    func test_demandReturnedFromReceive_isAddedToOutstandingDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { $0 < 3 ? .max(1) : .none })
        subject.subscribe(subscriber)

        for value in 1...5 { subject.send(value) }

        XCTAssertEqual(subscriber.values, [1, 2, 3])
    }

    func test_completion_endsEverySubscriberAndLaterSendsAreIgnored() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        subject.subscribe(subscriber)

        subject.send(completion: .failure(.oops))
        subject.send(1)
        subject.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_subscribingAfterCompletion_receivesTheCompletionAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(completion: .finished)
        let late = TrackingSubscriber<Int, Never>()

        subject.subscribe(late)

        XCTAssertEqual(late.history, ["subscription", "finished"])
    }

    func test_cancel_stopsDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)

        subject.send(1)
        subscriber.cancel()
        subject.send(2)

        XCTAssertEqual(subscriber.values, [1])
    }

    func test_subscriberMaySendToTheSameSubjectFromReceive() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { value in
            received.append(value)
            if value < 3 { subject.send(value + 1) }
        }

        subject.send(1)

        XCTAssertEqual(received, [1, 2, 3])
        cancellable.cancel()
    }

    func test_sendFromManyThreads_deliversEveryValue() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: 1000) { subject.send($0) }

        XCTAssertEqual(Set(subscriber.values), Set(0..<1000))
    }

    func test_seedIdiom_expectationWithSinkAndDropFirst() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let expectation = expectation(description: "a change after the current value")
        let cancellable = subject.dropFirstForTest().sink { value in
            XCTAssertEqual(value, 7)
            expectation.fulfill()
        }

        subject.send(7)

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }

    func test_subscription_isReleasedWhenCancelled() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            subject.subscribe(subscriber)
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscriber)
    }
}

private extension Publisher {
    // Until `dropFirst` lands this keeps the idiom test honest: skip exactly one value.
    func dropFirstForTest() -> AnyPublisher<Output, Failure> {
        AnyPublisher(DropOne(upstream: self))
    }
}

private struct DropOne<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        var skipped = false
        upstream.subscribe(
            AnySubscriber<Output, Failure>(
                receiveSubscription: { subscriber.receive(subscription: $0) },
                receiveValue: { value in
                    if !skipped {
                        skipped = true
                        return .max(1)
                    }
                    return subscriber.receive(value)
                },
                receiveCompletion: { subscriber.receive(completion: $0) }))
    }
}

// MARK: - Combine's rules (issue 24)

extension PassthroughSubjectTests {
    func test_anUpstreamSubscription_isAskedForValuesOnlyOnceASubscriberRequests() {
        let subject = PassthroughSubject<Int, Never>()
        let upstream = TrackingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.history, [])

        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        subject.subscribe(subscriber)
        XCTAssertEqual(upstream.history, [])

        subscriber.request(.max(1))
        subscriber.request(.max(1))
        XCTAssertEqual(upstream.history, [.requested(.unlimited)])
    }

    func test_anUpstreamSubscriptionArrivingAfterARequest_isAskedAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(TrackingSubscriber<Int, Never>(initialDemand: .max(1)))
        let upstream = TrackingSubscription()

        subject.send(subscription: upstream)

        XCTAssertEqual(upstream.history, [.requested(.unlimited)])
    }

    func test_subscriptions_printAsPassthroughSubject() {
        let subscriber = TrackingSubscriber<Int, Never>()

        PassthroughSubject<Int, Never>().subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "PassthroughSubject")
    }

    func test_subscription_showsAsPassthroughSubject_inPlaygrounds_andMirrorsItsDemandAndSubject() throws {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        subject.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        subscription.request(.max(2))

        let playground = try XCTUnwrap(subscription as? any CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(playground.playgroundDescription as? String, "PassthroughSubject")
        let mirror = Mirror(reflecting: subscription)
        XCTAssertEqual(mirror.children.map(\.label), ["parent", "downstream", "demand", "subject"], "as Combine's")
        XCTAssertEqual(mirror.children.dropFirst(2).first?.value as? Subscribers.Demand, .max(2))
        XCTAssertTrue("\(mirror.children.first?.value ?? "")".contains("PassthroughSubject"))
        XCTAssertTrue(mirror.children.dropFirst().first?.value as? TrackingSubscriber<Int, Never> === subscriber)
        subscription.cancel()
        XCTAssertEqual(
            Mirror(reflecting: subscription).children.map { "\($0.value)" }.filter { $0 == "nil" }.count, 3, "parent, downstream and subject let go")
    }
}

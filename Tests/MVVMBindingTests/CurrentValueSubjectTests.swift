import MVVMBinding
import XCTest

final class CurrentValueSubjectTests: XCTestCase {
    func test_newSubscriber_getsTheCurrentValueThenEveryChange() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = TrackingSubscriber<Int, Never>()

        subject.subscribe(subscriber)
        subject.value = 2
        subject.send(3)

        XCTAssertEqual(subscriber.events, [.subscription, .value(1), .value(2), .value(3)])
    }

    func test_valueSetAfterCompletion_isStored_butReachesNobody() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(completion: .finished)

        subject.value = 42

        XCTAssertEqual(subject.value, 42)
        XCTAssertEqual(subscriber.events, [.subscription, .value(0), .completion(.finished)])
    }

    func test_sendAfterCompletion_changesNothing() {
        let subject = CurrentValueSubject<Int, Never>(0)
        subject.send(completion: .finished)

        subject.send(42)

        XCTAssertEqual(subject.value, 0)
    }

    func test_anUpstreamSubscription_isAskedForEverythingAtOnce() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let upstream = TrackingSubscription()

        subject.send(subscription: upstream)

        XCTAssertEqual(upstream.history, [.requested(.unlimited)])
    }

    func test_subscriptions_printAsCurrentValueSubject() {
        let subscriber = TrackingSubscriber<Int, Never>()

        CurrentValueSubject<Int, Never>(0).subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "CurrentValueSubject")
    }
}

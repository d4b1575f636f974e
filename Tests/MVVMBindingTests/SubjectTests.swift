import MVVMBinding
import XCTest

/// `publisher.subscribe(subject)`, as Combine's: the subject gets a subscription named
/// "Subject" through which its requests and cancel reach the upstream, and it is held weakly.
final class SubjectTests: XCTestCase {
    func test_theSubjectGetsASubscriptionNamedSubject_thatForwardsRequestsAndOneCancel() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)

        let cancellable = upstream.subscribe(subject)
        upstream.send(1)
        let subjectSubscription = try XCTUnwrap(upstream.subscriberObject as? any Subscription)

        XCTAssertEqual(String(describing: subjectSubscription), "Subject")
        XCTAssertEqual(upstream.subscription.requests, [.unlimited], "PassthroughSubject asks for everything")
        XCTAssertEqual(subscriber.values, [1])
        cancellable.cancel()
        cancellable.cancel()
        subjectSubscription.request(.max(3))
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited), .cancelled])
    }

    func test_theSubject_isHeldWeakly() {
        let upstream = DrivenPublisher<Int, Never>()
        weak var weakSubject: PassthroughSubject<Int, Never>?
        var cancellable: AnyCancellable?
        do {
            let subject = PassthroughSubject<Int, Never>()
            weakSubject = subject
            cancellable = upstream.subscribe(subject)
        }

        XCTAssertNil(weakSubject, "only its owners keep it alive, as in Combine")
        XCTAssertEqual(upstream.send(1), .none)
        _ = cancellable
    }

    func test_anAnySubscriberWrappingASubject_isThatSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        let erased = AnySubscriber(subject)

        XCTAssertEqual(erased.description, "Subject")
        XCTAssertEqual(erased.receive(1), .none)
        Just(2).subscribe(erased)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"], "nothing before the subscription")
    }
}

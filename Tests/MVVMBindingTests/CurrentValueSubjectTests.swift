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

    func test_subscription_showsAsCurrentValueSubject_inPlaygrounds_andMirrorsItsDemandAndSubject() throws {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        subject.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        subscription.request(.max(2))

        let playground = try XCTUnwrap(subscription as? any CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(playground.playgroundDescription as? String, "CurrentValueSubject")
        let mirror = Mirror(reflecting: subscription)
        XCTAssertEqual(mirror.children.map(\.label), ["parent", "downstream", "demand", "subject"], "as Combine's")
        XCTAssertEqual(mirror.children.dropFirst(2).first?.value as? Subscribers.Demand, .max(1), "the current value used one")
        XCTAssertTrue("\(mirror.children.first?.value ?? "")".contains("CurrentValueSubject"))
        XCTAssertTrue(mirror.children.dropFirst().first?.value as? TrackingSubscriber<Int, Never> === subscriber)
        subscription.cancel()
        XCTAssertEqual(
            Mirror(reflecting: subscription).children.map { "\($0.value)" }.filter { $0 == "nil" }.count, 3, "parent, downstream and subject let go")
    }
}

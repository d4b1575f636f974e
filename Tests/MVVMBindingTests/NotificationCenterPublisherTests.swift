import Foundation
import MVVMBinding
import XCTest

final class NotificationCenterPublisherTests: XCTestCase {
    private let ping = Notification.Name("NotificationCenterPublisherTests.ping")
    private let other = Notification.Name("NotificationCenterPublisherTests.other")
    private let center = NotificationCenter()

    func test_publisher_deliversNotificationsPostedForItsName() {
        let subscriber = TrackingSubscriber<Notification, Never>()
        center.publisher(for: ping).subscribe(subscriber)

        center.post(name: ping, object: nil, userInfo: ["n": 1])
        center.post(name: other, object: nil)
        center.post(name: ping, object: nil, userInfo: ["n": 2])

        XCTAssertEqual(subscriber.values.map(\.name), [ping, ping])
        XCTAssertEqual(subscriber.values.compactMap { $0.userInfo?["n"] as? Int }, [1, 2])
    }

    func test_publisher_withAnObject_observesOnlyThatSender() {
        let sender = NSObject()
        let subscriber = TrackingSubscriber<Notification, Never>()
        center.publisher(for: ping, object: sender).subscribe(subscriber)

        center.post(name: ping, object: NSObject())
        center.post(name: ping, object: sender)

        XCTAssertEqual(subscriber.values.count, 1)
        XCTAssertTrue(subscriber.values.first?.object as AnyObject? === sender)
    }

    func test_notificationsPostedWithoutDemand_areDropped() {
        let subscriber = TrackingSubscriber<Notification, Never>(initialDemand: .max(1))
        center.publisher(for: ping).subscribe(subscriber)

        center.post(name: ping, object: nil, userInfo: ["n": 1])
        center.post(name: ping, object: nil, userInfo: ["n": 2])
        subscriber.request(.max(1))
        center.post(name: ping, object: nil, userInfo: ["n": 3])

        XCTAssertEqual(subscriber.values.compactMap { $0.userInfo?["n"] as? Int }, [1, 3])
    }

    func test_cancel_removesTheObserverAndReleasesTheSubscriber() {
        weak var weakSubscriber: TrackingSubscriber<Notification, Never>?
        var received = 0
        do {
            let subscriber = TrackingSubscriber<Notification, Never>()
            weakSubscriber = subscriber
            center.publisher(for: ping).subscribe(subscriber)
            center.post(name: ping, object: nil)
            received = subscriber.values.count
            subscriber.cancel()
        }
        center.post(name: ping, object: nil)

        XCTAssertEqual(received, 1)
        XCTAssertNil(weakSubscriber, "the center no longer holds the observer")
    }

    func test_eachSubscriber_hasItsOwnObserver() {
        let publisher = center.publisher(for: ping)
        let first = TrackingSubscriber<Notification, Never>()
        let second = TrackingSubscriber<Notification, Never>()
        publisher.subscribe(first)
        publisher.subscribe(second)

        center.post(name: ping, object: nil)
        first.cancel()
        center.post(name: ping, object: nil)

        XCTAssertEqual(first.values.count, 1)
        XCTAssertEqual(second.values.count, 2)
    }

    func test_publishers_areEqualWhenTheyObserveTheSameCenterNameAndSender() {
        let sender = NSObject()
        XCTAssertEqual(center.publisher(for: ping, object: sender), center.publisher(for: ping, object: sender))
        XCTAssertNotEqual(center.publisher(for: ping), center.publisher(for: other))
        XCTAssertNotEqual(center.publisher(for: ping), NotificationCenter().publisher(for: ping))
        XCTAssertNotEqual(center.publisher(for: ping, object: sender), center.publisher(for: ping, object: NSObject()))
    }

    func test_notificationPostedOnAnotherThread_arrivesThroughSink() async {
        let received = expectation(description: "notification")
        let center = self.center
        let ping = self.ping
        let cancellable = center.publisher(for: ping)
            .map(\.name)
            .sink { receivedName in
                XCTAssertEqual(receivedName, ping)
                received.fulfill()
            }

        DispatchQueue.global().async { center.post(name: ping, object: nil) }

        await fulfillment(of: [received], timeout: 2)
        cancellable.cancel()
    }
}

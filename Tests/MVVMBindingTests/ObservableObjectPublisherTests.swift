import Dispatch
import MVVMBinding
import XCTest

final class ObservableObjectPublisherTests: XCTestCase {
    func test_send_deliversToEverySubscriber() {
        let sut = ObservableObjectPublisher()
        let first = TrackingSubscriber<Void, Never>()
        let second = TrackingSubscriber<Void, Never>()
        sut.subscribe(first)
        sut.subscribe(second)

        sut.send()
        sut.send()

        XCTAssertEqual(first.history, ["subscription", "value(())", "value(())"])
        XCTAssertEqual(second.values.count, 2)
    }

    func test_newSubscriber_receivesNothingUntilTheNextSend() {
        let sut = ObservableObjectPublisher()
        sut.send()
        let late = TrackingSubscriber<Void, Never>()

        sut.subscribe(late)

        XCTAssertEqual(late.history, ["subscription"])
    }

    func test_aFirstRequest_ofAnyDemand_switchesDeliveryOnForEverySend() throws {
        // As Combine's: the demand's size does not count, only that one was made.
        let sut = ObservableObjectPublisher()
        let subscriber = TrackingSubscriber<Void, Never>(initialDemand: nil)
        sut.subscribe(subscriber)
        sut.send()
        XCTAssertEqual(subscriber.values.count, 0, "nothing before a request")

        try XCTUnwrap(subscriber.subscription).request(.max(2))
        for _ in 0..<5 { sut.send() }

        XCTAssertEqual(subscriber.values.count, 5)
    }

    func test_theSubscription_mirrorsItsDownstreamOnly() throws {
        let sut = ObservableObjectPublisher()
        let subscriber = TrackingSubscriber<Void, Never>()
        sut.subscribe(subscriber)

        let mirror = Mirror(reflecting: try XCTUnwrap(subscriber.subscription))

        XCTAssertEqual(mirror.children.map(\.label), ["downstream"])
        XCTAssertTrue(mirror.children.first?.value as AnyObject === subscriber)
    }

    func test_cancel_stopsDeliveryAndReleasesTheSubscriber() {
        let sut = ObservableObjectPublisher()
        var subscriber: TrackingSubscriber<Void, Never>? = TrackingSubscriber()
        weak let weakSubscriber = subscriber
        sut.subscribe(subscriber!)

        subscriber?.cancel()
        sut.send()
        XCTAssertEqual(subscriber?.values.count, 0)

        subscriber = nil
        XCTAssertNil(weakSubscriber)
    }

    func test_subscriberSendingFromInsideReceive_doesNotDeadlock() {
        let sut = ObservableObjectPublisher()
        var count = 0
        let cancellable = sut.sink {
            count += 1
            if count == 1 { sut.send() }
        }

        sut.send()

        XCTAssertEqual(count, 2)
        cancellable.cancel()
    }

    func test_concurrentSends_areEachDelivered() {
        let sut = ObservableObjectPublisher()
        let recorder = ConcurrentRecorder<Int>()
        let cancellable = sut.sink { recorder.append(1) }

        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in sut.send() }

        XCTAssertEqual(recorder.elements.count, 1_000)
        cancellable.cancel()
    }

    func test_publisher_isReleasedWhenNobodyHoldsIt() {
        var sut: ObservableObjectPublisher? = ObservableObjectPublisher()
        weak let weakSut = sut
        let cancellable = sut!.sink {}
        cancellable.cancel()

        sut = nil

        XCTAssertNil(weakSut)
    }
}

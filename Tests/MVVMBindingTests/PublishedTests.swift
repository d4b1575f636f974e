import Dispatch
import MVVMBinding
import XCTest

private final class Model {
    @Published var value = 0
    @Published var name: String? = nil
}

/// A model that feeds one of its own properties with `assign(to:)`, the pattern that must not
/// create a retain cycle.
private final class SelfAssigningModel {
    @Published var doubled = 0

    init(source: PassthroughSubject<Int, Never>) {
        source.map { $0 * 2 }.assign(to: &$doubled)
    }
}

/// A publisher whose one subscription the test drives by hand: it hands the subscriber a
/// `TrackingSubscription` and keeps the subscriber so the test can send values and completion.
private final class ManualPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    private(set) var subscriber: AnySubscriber<Int, Never>?
    private(set) weak var subscription: TrackingSubscription?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = TrackingSubscription()
        self.subscriber = AnySubscriber(subscriber)
        self.subscription = subscription
        subscriber.receive(subscription: subscription)
    }
}

final class PublishedTests: XCTestCase {
    // MARK: - Reading and replay

    func test_wrappedValue_returnsTheInitialValueAndEachAssignedValue() {
        let sut = Model()
        XCTAssertEqual(sut.value, 0)

        sut.value = 7

        XCTAssertEqual(sut.value, 7)
    }

    func test_subscribing_replaysTheCurrentValueThenEveryNewValue() {
        let sut = Model()
        sut.value = 1
        let subscriber = TrackingSubscriber<Int, Never>()

        sut.$value.subscribe(subscriber)
        sut.value = 2
        sut.value = 3

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)"])
    }

    func test_optionalValue_replaysNilAndPublishesChanges() {
        let sut = Model()
        var received: [String?] = []
        let cancellable = sut.$name.sink { received.append($0) }

        sut.name = "Ada"
        sut.name = nil

        XCTAssertEqual(received, [nil, "Ada", nil])
        XCTAssertNil(sut.name)
        cancellable.cancel()
    }

    func test_initialValueInitializer_behavesLikeWrappedValueInitializer() {
        let published = Published(initialValue: 5)
        var received: [Int] = []
        let cancellable = published.projectedValue.sink { received.append($0) }

        published.wrappedValue = 6

        XCTAssertEqual(received, [5, 6])
        cancellable.cancel()
    }

    func test_copiesOfTheWrapper_shareOneValueAndOnePublisher() {
        let original = Published(wrappedValue: 1)
        let copy = original
        var received: [Int] = []
        let cancellable = original.projectedValue.sink { received.append($0) }

        copy.wrappedValue = 2

        XCTAssertEqual(original.wrappedValue, 2)
        XCTAssertEqual(received, [1, 2])
        cancellable.cancel()
    }

    // MARK: - willSet timing

    func test_assignment_deliversTheNewValueWhileThePropertyStillHoldsTheOldOne() {
        let sut = Model()
        var seen: [(property: Int, delivered: Int)] = []
        let cancellable = sut.$value.sink { seen.append((sut.value, $0)) }

        sut.value = 1
        sut.value = 2

        XCTAssertEqual(seen.map(\.property), [0, 0, 1], "the property is read during delivery")
        XCTAssertEqual(seen.map(\.delivered), [0, 1, 2])
        XCTAssertEqual(sut.value, 2, "stored once delivery is over")
        cancellable.cancel()
    }

    // MARK: - Demand

    func test_subscriberWithDemandOfOne_receivesOnlyTheCurrentValue() {
        let sut = Model()
        sut.value = 4
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))

        sut.$value.subscribe(subscriber)
        sut.value = 5
        sut.value = 6

        XCTAssertEqual(subscriber.values, [4])
    }

    func test_subscriberWithoutDemand_receivesTheLatestValueWhenItFinallyAsks() {
        let sut = Model()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        sut.$value.subscribe(subscriber)

        sut.value = 1
        sut.value = 2
        XCTAssertEqual(subscriber.values, [])

        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.values, [2])
    }

    func test_demandReturnedFromReceive_allowsFurtherValues() {
        let sut = Model()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { $0 < 2 ? .max(1) : .none })
        sut.$value.subscribe(subscriber)

        for value in 1...4 { sut.value = value }

        XCTAssertEqual(subscriber.values, [0, 1, 2])
    }

    // MARK: - Cancellation

    func test_cancel_stopsDeliveryAndReleasesTheSubscriber() {
        let sut = Model()
        var subscriber: TrackingSubscriber<Int, Never>? = TrackingSubscriber()
        weak let weakSubscriber = subscriber
        sut.$value.subscribe(subscriber!)

        subscriber?.cancel()
        sut.value = 1
        XCTAssertEqual(subscriber?.values, [0])

        subscriber = nil
        XCTAssertNil(weakSubscriber, "the property's publisher keeps no cancelled subscriber")
    }

    func test_subscriberCancellingDuringDelivery_getsNoFurtherValues() {
        let sut = Model()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = sut.$value.sink { value in
            received.append(value)
            if value == 1 { cancellable?.cancel() }
        }

        sut.value = 1
        sut.value = 2

        XCTAssertEqual(received, [0, 1])
        XCTAssertEqual(sut.value, 2)
    }

    func test_subscriberAssigningDuringDelivery_doesNotDeadlock() {
        let sut = Model()
        var received: [Int] = []
        let cancellable = sut.$value.sink { value in
            received.append(value)
            if value == 1 { sut.value = 10 }
        }

        sut.value = 1

        XCTAssertEqual(received, [0, 1, 10])
        cancellable.cancel()
    }

    // MARK: - assign(to:)

    func test_assignTo_setsThePropertyFromEveryUpstreamValue() {
        let sut = Model()
        let source = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = sut.$value.sink { received.append($0) }

        source.assign(to: &sut.$value)
        source.send(1)
        source.send(2)

        XCTAssertEqual(sut.value, 2)
        XCTAssertEqual(received, [0, 1, 2])
        cancellable.cancel()
    }

    func test_assignTo_fromAnotherPublishedProperty_copiesItsCurrentValueAtOnce() {
        let source = Model()
        let target = Model()
        source.value = 3

        source.$value.assign(to: &target.$value)
        XCTAssertEqual(target.value, 3)

        source.value = 4
        XCTAssertEqual(target.value, 4)
    }

    func test_assignTo_requestsUnlimitedDemand() {
        let sut = Model()
        let upstream = ManualPublisher()

        upstream.assign(to: &sut.$value)

        XCTAssertEqual(upstream.subscription?.requests, [.unlimited])
    }

    func test_assignTo_isCancelledWhenThePropertyIsDeallocated() {
        var sut: Model? = Model()
        let upstream = ManualPublisher()
        upstream.assign(to: &sut!.$value)
        let subscription = upstream.subscription
        XCTAssertEqual(subscription?.cancelCount, 0)

        sut = nil

        XCTAssertEqual(subscription?.cancelCount, 1)
    }

    func test_assignTo_releasesTheSubscriptionWhenUpstreamFinishes() {
        let sut = Model()
        let upstream = ManualPublisher()
        upstream.assign(to: &sut.$value)
        _ = upstream.subscriber?.receive(8)

        upstream.subscriber?.receive(completion: .finished)

        XCTAssertEqual(sut.value, 8, "the property keeps its last value")
        XCTAssertNil(upstream.subscription, "the finished subscription is no longer retained")
    }

    func test_assignTo_ownProperty_doesNotRetainTheOwner() {
        let source = PassthroughSubject<Int, Never>()
        let sut = SelfAssigningModel(source: source)
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }

        source.send(21)

        XCTAssertEqual(sut.doubled, 42)
    }

    // MARK: - Threads

    func test_concurrentAssignments_deliverEveryValueToTheSubscriber() {
        let sut = Model()
        let recorder = ConcurrentRecorder<Int>()
        let cancellable = sut.$value.dropFirst().sink { recorder.append($0) }
        let iterations = 2_000

        DispatchQueue.concurrentPerform(iterations: iterations) { index in
            sut.value = index + 1
        }

        XCTAssertEqual(recorder.elements.sorted(), Array(1...iterations))
        XCTAssertTrue((1...iterations).contains(sut.value))
        cancellable.cancel()
    }

    // MARK: - Seed idioms

    func test_dropFirst_skipsTheReplayedValueAndFulfilsOnTheChange() async {
        let sut = Model()
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }
        let changed = expectation(description: "value changed")
        let cancellable = sut.$value.dropFirst().sink { [weak sut] value in
            XCTAssertEqual(value, 1)
            XCTAssertEqual(sut?.value, 0, "willSet: not stored yet")
            changed.fulfill()
        }

        Task.detached { sut.value = 1 }

        await fulfillment(of: [changed], timeout: 2.0)
        cancellable.cancel()
    }
}

// `Model` is shared with a detached task and with `concurrentPerform` above; its only state is
// `@Published` storage, which is thread-safe.
extension Model: @unchecked Sendable {}

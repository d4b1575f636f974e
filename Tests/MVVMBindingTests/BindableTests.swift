import MVVMBinding
import XCTest

/// A listener owner in the style of a ViewController: binds with `[weak self]`.
private final class Screen {
    private(set) var rendered: [String] = []

    func bind(to title: Bindable<String>) {
        title.bind { [weak self] in self?.rendered.append($0) }
    }
}

final class BindableTests: XCTestCase {
    func test_bind_callsTheListenerAtOnceWithTheCurrentValue() {
        let sut = Bindable("initial")
        var received: [String] = []

        sut.bind { received.append($0) }

        XCTAssertEqual(received, ["initial"])
    }

    func test_settingValue_callsTheListenerWithEveryNewValueAfterItIsStored() {
        let sut = Bindable(0)
        var received: [(delivered: Int, stored: Int)] = []
        sut.bind { received.append(($0, sut.value)) }

        sut.value = 1
        sut.value = 2

        XCTAssertEqual(received.map(\.delivered), [0, 1, 2])
        XCTAssertEqual(received.map(\.stored), [0, 1, 2], "didSet: the value is already stored")
    }

    func test_listeners_areCalledInTheOrderTheyWereBound() {
        let sut = Bindable(0)
        var calls: [String] = []
        sut.bind { calls.append("first \($0)") }
        sut.bind { calls.append("second \($0)") }
        calls.removeAll()

        sut.value = 1

        XCTAssertEqual(calls, ["first 1", "second 1"])
    }

    func test_cancellingTheObservation_removesOnlyThatListener() {
        let sut = Bindable(0)
        var first: [Int] = []
        var second: [Int] = []
        let observation = sut.bind { first.append($0) }
        sut.bind { second.append($0) }

        observation.cancel()
        observation.cancel()
        sut.value = 1

        XCTAssertEqual(first, [0])
        XCTAssertEqual(second, [0, 1])
        XCTAssertEqual(sut.listenerCount, 1)
    }

    func test_droppingTheObservation_keepsTheListenerBound() {
        let sut = Bindable(0)
        var received: [Int] = []
        do { _ = sut.bind { received.append($0) } }

        sut.value = 1

        XCTAssertEqual(received, [0, 1])
    }

    func test_observationWrappedInAnyCancellable_unbindsOnDeinit() {
        let sut = Bindable(0)
        var received: [Int] = []
        var cancellable: AnyCancellable? = AnyCancellable(sut.bind { received.append($0) })
        _ = cancellable

        cancellable = nil
        sut.value = 1

        XCTAssertEqual(received, [0])
        XCTAssertEqual(sut.listenerCount, 0)
    }

    func test_unbind_removesEveryListener() {
        let sut = Bindable(0)
        var received: [Int] = []
        sut.bind { received.append($0) }
        sut.bind { received.append($0) }

        sut.unbind()
        sut.value = 1

        XCTAssertEqual(received, [0, 0])
        XCTAssertEqual(sut.listenerCount, 0)
    }

    func test_listenerRemovedByAnEarlierListenerDuringDelivery_isNotCalled() {
        let sut = Bindable(0)
        var calls: [String] = []
        var second: Bindable<Int>.Observation?
        sut.bind { value in
            calls.append("first \(value)")
            if value == 1 { second?.cancel() }
        }
        second = sut.bind { calls.append("second \($0)") }
        calls.removeAll()

        sut.value = 1

        XCTAssertEqual(calls, ["first 1"])
    }

    func test_listenerBoundDuringDelivery_receivesTheCurrentValueOnce() {
        let sut = Bindable(0)
        var late: [Int] = []
        sut.bind { value in
            if value == 1 { sut.bind { late.append($0) } }
        }

        sut.value = 1
        sut.value = 2

        XCTAssertEqual(late, [1, 2])
    }

    func test_weakSelfListener_doesNotKeepTheScreenAlive() {
        let title = Bindable("Users")
        let screen = Screen()
        addTeardownBlock { [weak screen] in XCTAssertNil(screen) }

        screen.bind(to: title)
        title.value = "Posts"

        XCTAssertEqual(screen.rendered, ["Users", "Posts"])
    }

    func test_observation_doesNotKeepTheBindableAlive() {
        var sut: Bindable<Int>? = Bindable(0)
        weak let weakSut = sut
        let observation = sut!.bind { _ in }

        sut = nil

        XCTAssertNil(weakSut)
        observation.cancel()  // harmless once the Bindable is gone
    }
}

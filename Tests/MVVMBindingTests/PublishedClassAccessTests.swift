import Dispatch
import MVVMBinding
import XCTest

/// A class's `@Published` properties go through `Published`'s `_enclosingInstance` subscript:
/// reads and unobserved assignments use the storage without retaining it. These tests pin what
/// that path must keep: thread safety without subscribers, the value a late subscriber gets,
/// the switch to the full path once someone subscribes, and where the replaced value is
/// released.
private final class Holder: @unchecked Sendable {  // only @Published state: thread-safe
    @Published var value = 0
    @Published var text = ""
    @Published var probe: DeinitProbe?
}

/// Runs `onDeinit` when released: stands for a value whose deinit runs arbitrary code.
private final class DeinitProbe: @unchecked Sendable {
    private let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// Builds heap-allocated strings (longer than the 15 UTF-8 bytes a small string holds).
private func heapString(_ number: Int) -> String {
    "a string too long to be small, number \(number)"
}

final class PublishedClassAccessTests: XCTestCase {
    // MARK: - No subscriber

    func test_concurrentAssignmentsAndReads_withoutSubscribers_keepEveryReadWhole() {
        let sut = Holder()
        let workers = 8
        let perWorker = 1_000
        let badReads = ConcurrentRecorder<String>()

        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in 0..<perWorker {
                sut.value = worker * perWorker + index
                sut.text = heapString(worker * perWorker + index)
                let text = sut.text
                let value = sut.value
                if !text.hasPrefix("a string too long") { badReads.append(text) }
                if !(0..<workers * perWorker).contains(value) { badReads.append("\(value)") }
            }
        }

        XCTAssertEqual(badReads.elements, [])
        XCTAssertTrue((0..<workers * perWorker).contains(sut.value))
        XCTAssertTrue(sut.text.hasPrefix("a string too long"))
    }

    func test_assignmentsWithoutSubscribers_areReplayedToALaterSubscriber() {
        let sut = Holder()
        sut.text = heapString(1)
        sut.text = heapString(2)
        var received: [String] = []

        let cancellable = sut.$text.sink { received.append($0) }
        sut.text = heapString(3)

        XCTAssertEqual(received, [heapString(2), heapString(3)])
        cancellable.cancel()
    }

    func test_afterTheLastSubscriberCancels_assignmentsAreStoredAndReadBack() {
        let sut = Holder()
        var received: [Int] = []
        let cancellable = sut.$value.sink { received.append($0) }
        sut.value = 1
        cancellable.cancel()

        sut.value = 2

        XCTAssertEqual(received, [0, 1])
        XCTAssertEqual(sut.value, 2)
    }

    func test_objectWillChange_installedLater_firesBeforeTheNextAssignment() {
        final class Model: ObservableObject {
            @Published var value = 0
        }
        let sut = Model()
        sut.value = 1  // nobody watches yet
        var events: [String] = []
        let cancellable = sut.objectWillChange.sink { [unowned sut] in events.append("will change from \(sut.value)") }

        sut.value = 2

        XCTAssertEqual(events, ["will change from 1"])
        XCTAssertEqual(sut.value, 2)
        cancellable.cancel()
    }

    // MARK: - The replaced value

    func test_theReplacedValue_isReleasedOutsideTheLock_soItsDeinitMayReadAndAssignTheProperty() {
        let sut = Holder()
        var seenInDeinit: [Bool] = []
        sut.probe = DeinitProbe { [unowned sut] in
            // Deadlocks (the lock is not recursive) if the old value is released under it.
            seenInDeinit.append(sut.probe != nil)
            sut.value += 1
        }

        sut.probe = nil

        XCTAssertEqual(seenInDeinit, [false], "released after the new value was stored")
        XCTAssertEqual(sut.value, 1)
    }

    func test_theReplacedValue_isReleasedOutsideTheLock_withASubscriberToo() {
        let sut = Holder()
        var received: [Bool] = []
        let cancellable = sut.$probe.sink { received.append($0 != nil) }
        var seenInDeinit: [Bool] = []
        sut.probe = DeinitProbe { [unowned sut] in seenInDeinit.append(sut.probe != nil) }

        sut.probe = nil

        XCTAssertEqual(seenInDeinit, [false])
        XCTAssertEqual(received, [false, true, false])
        cancellable.cancel()
    }

    // MARK: - Outside a class

    func test_aWrapperOutsideAClass_readsAndPublishesThroughItsWrappedValue() {
        struct Settings {
            @Published var volume = 3
        }
        let settings = Settings()
        var received: [Int] = []
        let cancellable = settings.$volume.sink { received.append($0) }

        settings.volume = 4

        XCTAssertEqual(settings.volume, 4)
        XCTAssertEqual(received, [3, 4])
        cancellable.cancel()
    }
}

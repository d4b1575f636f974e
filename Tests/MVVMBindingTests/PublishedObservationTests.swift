import MVVMBinding
import XCTest

@testable import MVVMBindingCore

private final class Model {
    @Published var value = 0
}

/// What an observation's context points to in these tests: the tokens it was told, and what
/// the property held at each notification.
private final class Log {
    var tokens: [UInt64] = []
    var valuesSeen: [Int] = []
    var model: Model?
}

/// An observation that appends to the `Log` behind its context and reads the property back.
private func logging(into log: Log, token: UInt64) -> PublishedObservation {
    PublishedObservation(context: UnsafeRawPointer(Unmanaged.passUnretained(log).toOpaque()), token: token) { context, token in
        let log = Unmanaged<Log>.fromOpaque(context).takeUnretainedValue()
        log.tokens.append(token)
        if let model = log.model { log.valuesSeen.append(model.value) }
    }
}

final class PublishedObservationTests: XCTestCase {
    func test_anObservation_isToldItsTokenAfterEachAssignment_withTheNewValueAlreadyStored() {
        let model = Model()
        let log = Log()
        log.model = model
        let token = model.$value.addObservation(logging(into: log, token: 42))

        model.value = 1
        model.value = 2

        XCTAssertEqual(log.tokens, [42, 42])
        // Told outside the property's lock and after the store: reading it gives the new value.
        XCTAssertEqual(log.valuesSeen, [1, 2])
        withExtendedLifetime(token) {}
    }

    func test_anObservation_isNotToldWhenAdded_onlyOnAssignments() {
        let model = Model()
        let log = Log()
        let token = model.$value.addObservation(logging(into: log, token: 1))

        XCTAssertEqual(log.tokens, [])
        withExtendedLifetime(token) {}
    }

    func test_cancellingTheToken_stopsTheNotifications() {
        let model = Model()
        let log = Log()
        let token = model.$value.addObservation(logging(into: log, token: 7))

        model.value = 1
        token.cancel()
        model.value = 2

        XCTAssertEqual(log.tokens, [7])
    }

    func test_releasingTheToken_stopsTheNotifications() {
        let model = Model()
        let log = Log()
        var token: AnyCancellable? = model.$value.addObservation(logging(into: log, token: 7))

        model.value = 1
        token = nil
        model.value = 2

        XCTAssertEqual(log.tokens, [7])
        XCTAssertNil(token)
    }

    func test_severalObservations_areAllTold_inTheOrderTheyWereAdded() {
        let model = Model()
        let log = Log()
        let first = model.$value.addObservation(logging(into: log, token: 1))
        let second = model.$value.addObservation(logging(into: log, token: 2))
        let third = model.$value.addObservation(logging(into: log, token: 3))

        model.value = 1

        XCTAssertEqual(log.tokens, [1, 2, 3])
        withExtendedLifetime([first, second, third]) {}
    }

    func test_removingTheFirstObservation_keepsTelling_theOthers() {
        let model = Model()
        let log = Log()
        let first = model.$value.addObservation(logging(into: log, token: 1))
        let second = model.$value.addObservation(logging(into: log, token: 2))
        let third = model.$value.addObservation(logging(into: log, token: 3))

        first.cancel()
        model.value = 1
        third.cancel()
        model.value = 2

        XCTAssertEqual(log.tokens, [2, 3, 2])
        withExtendedLifetime(second) {}
    }

    func test_anObservation_runsAfterTheSubscribers_andDoesNotChangeWhatTheyReceive() {
        let model = Model()
        let log = Log()
        var order: [String] = []
        let sink = model.$value.dropFirst().sink { _ in order.append("subscriber") }
        let observation = PublishedObservation(context: UnsafeRawPointer(Unmanaged.passUnretained(log).toOpaque()), token: 0) {
            context, _ in
            Unmanaged<Log>.fromOpaque(context).takeUnretainedValue().tokens.append(0)
        }
        let token = model.$value.addObservation(observation)

        model.value = 5
        order.append(log.tokens.isEmpty ? "no observation" : "observation")

        XCTAssertEqual(order, ["subscriber", "observation"])
        withExtendedLifetime((sink, token)) {}
    }
}

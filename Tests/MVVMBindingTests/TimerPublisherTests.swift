import Foundation
import MVVMBinding
import XCTest

/// These tests use a real Foundation timer on the current run loop, with a short interval, and
/// assert only what cannot be timing-fragile: that ticks arrive, and that they stop.
final class TimerPublisherTests: XCTestCase {
    private let interval: TimeInterval = 0.005

    /// Runs the current run loop in short slices until `condition` holds or `timeout` passes.
    private func spinRunLoop(timeout: TimeInterval = 0.3, until condition: () -> Bool) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(), Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: interval))
        }
    }

    func test_publish_configuresThePublisher() {
        let publisher = Timer.publish(every: 2, tolerance: 0.1, on: .current, in: .default)

        XCTAssertEqual(publisher.interval, 2)
        XCTAssertNil(publisher.tolerance, "Combine's publish drops the tolerance")
        XCTAssertTrue(publisher.runLoop === RunLoop.current)
        XCTAssertEqual(publisher.mode, .default)
    }

    func test_connect_startsTicksThatCancellingTheConnectionStops() {
        let publisher = Timer.publish(every: interval, on: .current, in: .default)
        let subscriber = TrackingSubscriber<Date, Never>()
        publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values.count, 0, "nothing before connect()")

        let connection = publisher.connect()
        spinRunLoop { !subscriber.values.isEmpty }
        XCTAssertGreaterThanOrEqual(subscriber.values.count, 1)

        connection.cancel()
        let ticksAtCancel = subscriber.values.count
        spinRunLoop(timeout: interval * 4) { false }
        XCTAssertEqual(subscriber.values.count, ticksAtCancel)
        XCTAssertNil(subscriber.completion, "a timer never completes")
    }

    func test_ticksWithoutDemand_areDroppedNotSaved() {
        let publisher = Timer.publish(every: interval, on: .current, in: .default)
        let clock = TrackingSubscriber<Date, Never>()
        let limited = TrackingSubscriber<Date, Never>(initialDemand: .max(1))
        publisher.subscribe(clock)
        publisher.subscribe(limited)
        let connection = publisher.connect()

        spinRunLoop { clock.values.count >= 3 }
        XCTAssertEqual(limited.values.count, 1)

        limited.request(.max(1))
        let ticksAtRequest = clock.values.count
        spinRunLoop { clock.values.count > ticksAtRequest }
        XCTAssertEqual(limited.values.count, 2, "one new tick, no backlog")
        connection.cancel()
    }

    func test_connect_whileConnected_returnsTheRunningConnection_andReconnectingStartsAgain() {
        let publisher = Timer.publish(every: interval, on: .current, in: .default)
        let subscriber = TrackingSubscriber<Date, Never>()
        publisher.subscribe(subscriber)

        let first = publisher.connect()
        let second = publisher.connect()
        XCTAssertTrue((first as AnyObject) === (second as AnyObject))
        first.cancel()

        let third = publisher.connect()
        let ticksAtReconnect = subscriber.values.count
        spinRunLoop { subscriber.values.count > ticksAtReconnect }
        XCTAssertGreaterThan(subscriber.values.count, ticksAtReconnect)
        third.cancel()
    }

    func test_autoconnectAndSink_asInTheStopwatchSeed() {
        // Seed 004: Timer.publish(every:on:in:).autoconnect().sink { ... }, cancelled on stop.
        var elapsed = 0
        let cancellable = Timer.publish(every: interval, on: RunLoop.main, in: .default)
            .autoconnect()
            .sink { _ in elapsed += 1 }

        spinRunLoop { elapsed >= 2 }
        XCTAssertGreaterThanOrEqual(elapsed, 2)

        cancellable.cancel()
        let elapsedAtStop = elapsed
        spinRunLoop(timeout: interval * 4) { false }
        XCTAssertEqual(elapsed, elapsedAtStop)
    }

    func test_cancellingASubscriber_releasesItWhileTheTimerRuns() {
        let publisher = Timer.publish(every: interval, on: .current, in: .default)
        let connection = publisher.connect()
        weak var weakSubscriber: TrackingSubscriber<Date, Never>?
        do {
            let subscriber = TrackingSubscriber<Date, Never>()
            weakSubscriber = subscriber
            publisher.subscribe(subscriber)
            spinRunLoop { !subscriber.values.isEmpty }
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscriber)
        connection.cancel()
    }
}

// MARK: - Combine's rules (issue 24)

extension TimerPublisherTests {
    func test_aTolerance_isKeptByThePublishersOwnInitialiser() {
        let publisher = Timer.TimerPublisher(interval: 0.25, tolerance: 0.02, runLoop: .main, mode: .default)

        XCTAssertEqual(publisher.tolerance, 0.02)
    }

    func test_theSubscriptionAndConnection_haveNoDescriptionOrMirrorOfTheirOwn_asCombines() throws {
        let publisher = Timer.TimerPublisher(interval: 60, runLoop: .current, mode: .default)
        let connection = publisher.connect()
        defer { connection.cancel() }
        let subscriber = TrackingSubscriber<Date, Never>()

        publisher.subscribe(subscriber)

        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertFalse(subscription is any CustomStringConvertible)
        XCTAssertFalse(subscription is any CustomReflectable)
        XCTAssertFalse(subscription is any CustomPlaygroundDisplayConvertible)
        XCTAssertFalse(connection is any CustomStringConvertible)
        XCTAssertFalse(connection is any CustomReflectable)
    }
}

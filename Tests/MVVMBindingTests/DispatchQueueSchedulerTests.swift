import Dispatch
import Foundation
import MVVMBinding
import XCTest

final class DispatchQueueSchedulerTests: XCTestCase {
    private typealias Time = DispatchQueue.SchedulerTimeType
    private typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    private let key = DispatchSpecificKey<String>()

    private func makeQueue(_ label: String = #function) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: label)
        return queue
    }

    func test_schedule_runsTheActionOnTheQueue() {
        let queue = makeQueue()
        let ran = expectation(description: "ran")
        var label: String?
        queue.schedule {
            label = DispatchQueue.getSpecific(key: self.key)
            ran.fulfill()
        }
        wait(for: [ran], timeout: 2)
        XCTAssertEqual(label, #function)
    }

    func test_scheduleAfter_runsNoEarlierThanTheDate() {
        let queue = makeQueue()
        let due = queue.now.advanced(by: .milliseconds(20))
        let ran = expectation(description: "ran")
        var ranAt: Time?
        queue.schedule(after: due) {
            ranAt = queue.now
            ran.fulfill()
        }
        wait(for: [ran], timeout: 2)
        XCTAssertGreaterThanOrEqual(ranAt ?? due.advanced(by: -1), due)
    }

    func test_scheduleWithGroup_keepsTheGroupBusyUntilTheActionHasRun() {
        let queue = makeQueue()
        let group = DispatchGroup()
        let ran = ConcurrentRecorder<Int>()
        queue.schedule(options: .init(group: group)) { ran.append(1) }
        queue.schedule(
            after: queue.now.advanced(by: .milliseconds(5)), tolerance: .zero,
            options: .init(qos: .userInitiated, group: group)
        ) { ran.append(2) }

        XCTAssertEqual(group.wait(timeout: .now() + 2), .success)
        XCTAssertEqual(ran.elements, [1, 2])
    }

    func test_repeatingSchedule_runsUntilCancelled() {
        let queue = makeQueue()
        let ticks = ConcurrentRecorder<Int>()
        let threeTicks = expectation(description: "three ticks")
        threeTicks.assertForOverFulfill = false
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(2)) {
            ticks.append(1)
            if ticks.elements.count == 3 { threeTicks.fulfill() }
        }
        wait(for: [threeTicks], timeout: 2)

        cancellable.cancel()
        let countAtCancel = queue.sync { ticks.elements.count }
        // A cancelled source never runs its handler again; a further hop proves nothing was queued.
        queue.sync {}
        XCTAssertEqual(ticks.elements.count, countAtCancel)
    }

    func test_now_andMinimumTolerance() {
        let queue = makeQueue()
        let before = DispatchTime.now()
        let now = queue.now
        XCTAssertGreaterThanOrEqual(now.dispatchTime.uptimeNanoseconds, before.uptimeNanoseconds)
        XCTAssertEqual(queue.minimumTolerance, .zero)
    }

    func test_timeType_distanceAndAdvancedAreInverse() {
        let start = Time(DispatchTime(uptimeNanoseconds: 10_000_000_000))
        let later = start.advanced(by: .milliseconds(1_500))

        XCTAssertEqual(later.dispatchTime.uptimeNanoseconds, 11_500_000_000)
        XCTAssertEqual(start.distance(to: later), .milliseconds(1_500))
        XCTAssertEqual(later.distance(to: start), .milliseconds(-1_500))
        XCTAssertEqual(later.advanced(by: .milliseconds(-1_500)), start)
        XCTAssertLessThan(start, later)
    }

    func test_timeType_roundTripsThroughCodable() throws {
        let time = Time(DispatchTime(uptimeNanoseconds: 123_456_789))
        let decoded = try JSONDecoder().decode(Time.self, from: JSONEncoder().encode(time))
        XCTAssertEqual(decoded, time)
    }

    func test_stride_isEncodedAsCombinesIs_underTheKeyNanoseconds() throws {
        let stride = DispatchQueue.SchedulerTimeType.Stride.nanoseconds(419_872)

        let data = try JSONEncoder().encode(stride)

        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"_nanoseconds":419872}"#)
        XCTAssertEqual(try JSONDecoder().decode(DispatchQueue.SchedulerTimeType.Stride.self, from: data), stride)
    }

    func test_stride_literalsAreSeconds() {
        XCTAssertEqual((1 as Stride).magnitude, 1_000_000_000)
        XCTAssertEqual((0.5 as Stride).magnitude, 500_000_000)
        XCTAssertEqual(Stride(exactly: 3), .seconds(3))
        XCTAssertNil(Stride(exactly: UInt64.max))
    }

    func test_stride_unitConversions() {
        XCTAssertEqual(Stride.seconds(2).magnitude, 2_000_000_000)
        XCTAssertEqual(Stride.seconds(0.001).magnitude, 1_000_000)
        XCTAssertEqual(Stride.milliseconds(3).magnitude, 3_000_000)
        XCTAssertEqual(Stride.microseconds(4).magnitude, 4_000)
        XCTAssertEqual(Stride.nanoseconds(5).magnitude, 5)
        XCTAssertEqual(Stride(.never).magnitude, .max)
        XCTAssertEqual(Stride.seconds(Int.max).magnitude, .max, "conversions saturate")
        XCTAssertEqual(Stride.seconds(-Double.infinity).magnitude, .min)
    }

    func test_stride_arithmeticIsInSeconds() {
        XCTAssertEqual(Stride.seconds(1) + .milliseconds(500), .milliseconds(1_500))
        XCTAssertEqual(Stride.seconds(1) - .milliseconds(1_500), .milliseconds(-500))
        XCTAssertEqual(Stride.milliseconds(300) * 2, .milliseconds(600))
        XCTAssertEqual(Stride.seconds(2) * .milliseconds(500), .seconds(1))
        XCTAssertEqual(-Stride.seconds(1), .seconds(-1))
        var stride = Stride.seconds(1)
        stride += .seconds(1)
        stride *= 3
        stride -= .seconds(1)
        XCTAssertEqual(stride, .seconds(5))
        XCTAssertEqual(Stride.milliseconds(250).timeInterval, .nanoseconds(250_000_000))
    }
}

// MARK: - Combine's rules (issue 24)

extension DispatchQueueSchedulerTests {
    func test_timeDistance_isSigned_andSaturatesToTheLongestStrideForTheDistantFuture() {
        typealias Time = DispatchQueue.SchedulerTimeType
        let early = Time(DispatchTime(uptimeNanoseconds: 10_000))
        let later = Time(DispatchTime(uptimeNanoseconds: 10_431))
        let never = Time(.distantFuture)

        XCTAssertEqual(early.distance(to: later), .nanoseconds(431))
        XCTAssertEqual(later.distance(to: early), .nanoseconds(-431))
        XCTAssertEqual(early.distance(to: never), .nanoseconds(.max))
        XCTAssertEqual(never.distance(to: early), .nanoseconds(.max))
        XCTAssertEqual(never.distance(to: never), .nanoseconds(0))
    }
}

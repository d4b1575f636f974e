import MVVMBinding
import Synchronization

/// A `TestScheduler` that counts how often an operator reads its clock (`now`), to check that
/// an operator consults time in the same pattern as Combine's.
final class ClockReadingScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = TestScheduler.SchedulerTimeType
    typealias SchedulerOptions = Never

    let base = TestScheduler()
    private let reads = Atomic<Int>(0)

    /// How many times `now` was read.
    var clockReads: Int { reads.load(ordering: .relaxed) }

    var now: SchedulerTimeType {
        reads.add(1, ordering: .relaxed)
        return base.now
    }

    var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        base.schedule(options: options, action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        base.schedule(after: date, tolerance: tolerance, options: options, action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        base.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
    }
}

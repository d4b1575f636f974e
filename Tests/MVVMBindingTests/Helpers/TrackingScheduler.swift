import MVVMBinding
import Synchronization

/// A `TestScheduler` that records every `schedule` call an operator makes (which overload, the
/// date, the tolerance and the options), to check that an operator hands the scheduler the
/// caller's options and the scheduler's `minimumTolerance` as Combine's operators do.
///
/// Its `minimumTolerance` is not zero (unlike `TestScheduler`'s), so a test can tell it from
/// a tolerance the operator made up; its options are a small `Equatable` type, so a test can
/// tell the caller's options from `nil`. Actions run on `advance`, as on the base scheduler.
final class TrackingScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = TestScheduler.SchedulerTimeType

    /// Options a test passes to an operator, to find them again in `calls`.
    struct SchedulerOptions: Equatable, CustomStringConvertible {
        let tag: String
        var description: String { tag }
    }

    /// One `schedule` call.
    enum Call: Equatable, CustomStringConvertible {
        /// `schedule(options:_:)`.
        case now(options: SchedulerOptions?)
        /// `schedule(after:tolerance:options:_:)`, with the date in nanoseconds.
        case after(nanoseconds: Int, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?)
        /// `schedule(after:interval:tolerance:options:_:)`.
        case repeating(
            nanoseconds: Int, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?)

        var options: SchedulerOptions? {
            switch self {
            case .now(let options), .after(_, _, let options), .repeating(_, _, _, let options): return options
            }
        }

        var description: String {
            switch self {
            case .now(let options): return "now(\(options?.tag ?? "nil"))"
            case .after(let date, let tolerance, let options):
                return "after(\(date)ns, tolerance: \(tolerance.magnitude)ns, \(options?.tag ?? "nil"))"
            case .repeating(let date, let interval, let tolerance, let options):
                return "repeating(\(date)ns, every \(interval.magnitude)ns, tolerance: \(tolerance.magnitude)ns, \(options?.tag ?? "nil"))"
            }
        }
    }

    let base = TestScheduler()
    private let recorded = Mutex<[Call]>([])
    private let tolerance: SchedulerTimeType.Stride
    private let cancelsRepeatingActions: Bool

    /// - Parameters:
    ///   - minimumTolerance: what the scheduler reports as its smallest tolerance.
    ///   - cancelsRepeatingActions: false makes a repeating action's cancellable do nothing
    ///     (the action goes on running), as a careless scheduler's might: an operator must not
    ///     rely on its cancel for correctness.
    init(minimumTolerance: SchedulerTimeType.Stride = .nanoseconds(7), cancelsRepeatingActions: Bool = true) {
        tolerance = minimumTolerance
        self.cancelsRepeatingActions = cancelsRepeatingActions
    }

    /// Every `schedule` call so far, in order.
    var calls: [Call] { recorded.withLock { $0 } }

    /// Forgets the calls recorded so far (not the scheduled actions).
    func resetCalls() { recorded.withLock { $0.removeAll() } }

    var now: SchedulerTimeType { base.now }

    var minimumTolerance: SchedulerTimeType.Stride { tolerance }

    /// Whether an action runs on this scheduler right now: set while `advance` runs one.
    var isRunningAction: Bool { running.load(ordering: .relaxed) > 0 }
    private let running = Atomic<Int>(0)

    func advance(by stride: SchedulerTimeType.Stride = .zero) { base.advance(by: stride) }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        recorded.withLock { $0.append(.now(options: options)) }
        base.schedule(options: nil, wrap(action))
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        recorded.withLock { $0.append(.after(nanoseconds: date.nanoseconds, tolerance: tolerance, options: options)) }
        base.schedule(after: date, tolerance: tolerance, options: nil, wrap(action))
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        recorded.withLock {
            $0.append(.repeating(nanoseconds: date.nanoseconds, interval: interval, tolerance: tolerance, options: options))
        }
        let cancellable = base.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, wrap(action))
        guard cancelsRepeatingActions else {
            let token = AnyCancellable(cancellable)
            kept.withLock { $0.append(token) }
            return AnyCancellable {}
        }
        return cancellable
    }

    /// The cancellables of repeating actions whose cancel does nothing, kept so that the
    /// actions stay scheduled.
    private let kept = Mutex<[AnyCancellable]>([])

    private func wrap(_ action: @escaping () -> Void) -> () -> Void {
        {
            self.running.add(1, ordering: .relaxed)
            action()
            self.running.subtract(1, ordering: .relaxed)
        }
    }
}

extension TrackingScheduler {
    /// A sink that records each event it receives, each marked with whether it arrived while
    /// this scheduler was running an action: `"value(1) on scheduler"`, `"finished off scheduler"`.
    func placeRecordingSink<Input, Failure: Error>(
        _ recorder: ConcurrentRecorder<String>
    ) -> Subscribers.Sink<Input, Failure> {
        Subscribers.Sink(
            receiveCompletion: { completion in
                let name: String
                switch completion {
                case .finished: name = "finished"
                case .failure(let error): name = "failure(\(error))"
                }
                recorder.append("\(name) \(self.isRunningAction ? "on" : "off") scheduler")
            },
            receiveValue: { value in
                recorder.append("value(\(value)) \(self.isRunningAction ? "on" : "off") scheduler")
            })
    }
}

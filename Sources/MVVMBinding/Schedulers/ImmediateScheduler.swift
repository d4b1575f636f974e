/// A scheduler that runs every action at once, synchronously, on the calling thread.
///
/// Useful in tests and wherever an API asks for a scheduler but the work should not hop:
/// delayed actions run immediately as well, and a repeating action runs once. Time does not
/// pass on this scheduler: `now` is always the same instant.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The immediate scheduler's notion of time, which never advances.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        /// An interval on the immediate scheduler: a plain count, since its time never moves.
        public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, Sendable,
            SchedulerTimeIntervalConvertible
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The count this interval holds.
            public var magnitude: Int

            /// An interval of `value`.
            public init(_ value: Int) { magnitude = value }

            public init(integerLiteral value: Int) { magnitude = value }

            /// An interval of `value`, rounded towards zero.
            public init(floatLiteral value: Double) { magnitude = Int(value) }

            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            // Zero, as Combine's: time does not pass on this scheduler, so no interval of real
            // time is anything on it.
            public static func seconds(_ s: Int) -> Stride { 0 }
            public static func seconds(_ s: Double) -> Stride { 0 }
            public static func milliseconds(_ ms: Int) -> Stride { 0 }
            public static func microseconds(_ us: Int) -> Stride { 0 }
            public static func nanoseconds(_ ns: Int) -> Stride { 0 }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs.magnitude += rhs.magnitude }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs.magnitude -= rhs.magnitude }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs.magnitude *= rhs.magnitude }
        }

        /// Zero: every instant of the immediate scheduler is the same.
        public func distance(to other: SchedulerTimeType) -> Stride { 0 }

        /// The same instant: time does not pass on the immediate scheduler.
        public func advanced(by n: Stride) -> SchedulerTimeType { self }
    }

    /// The immediate scheduler takes no options.
    public typealias SchedulerOptions = Never

    /// The shared instance.
    public static let shared = ImmediateScheduler()

    private init() {}

    /// The one instant of this scheduler.
    public var now: SchedulerTimeType { SchedulerTimeType() }

    /// Zero.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Runs `action` now.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    /// Runs `action` now; there is no later on this scheduler.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    /// Runs `action` once, now, and returns a cancellable that does nothing
    /// (`Subscriptions.empty`, as Combine's).
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        action()
        return Subscriptions.empty
    }
}

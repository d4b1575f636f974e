/// A stride type that can be built from common units of time.
///
/// Every scheduler's `SchedulerTimeType.Stride` conforms, so generic code can write
/// `.milliseconds(300)` whatever the scheduler.
public protocol SchedulerTimeIntervalConvertible {
    /// An interval of `s` whole seconds.
    static func seconds(_ s: Int) -> Self
    /// An interval of `s` seconds, fractions allowed.
    static func seconds(_ s: Double) -> Self
    /// An interval of `ms` milliseconds.
    static func milliseconds(_ ms: Int) -> Self
    /// An interval of `us` microseconds.
    static func microseconds(_ us: Int) -> Self
    /// An interval of `ns` nanoseconds.
    static func nanoseconds(_ ns: Int) -> Self
}

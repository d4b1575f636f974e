import Foundation

/// The implementation shared by the strides of the `Date`-based schedulers,
/// `RunLoop.SchedulerTimeType.Stride` and `OperationQueue.SchedulerTimeType.Stride`: an
/// interval in seconds held in a `TimeInterval`.
///
/// Combine declares the two as separate types with identical members, so each keeps its own
/// declaration, storage and initializer, and takes the rest from here. Public (underscored, as
/// not meant for use) because its members are the public API of both types: Swift cannot
/// satisfy public requirements from an internal protocol's extension. `@inlinable` so that
/// clients call them as directly as members written in each type.
public protocol _TimeIntervalStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
    ExpressibleByFloatLiteral, CustomStringConvertible
where Magnitude == TimeInterval, IntegerLiteralType == TimeInterval, FloatLiteralType == TimeInterval {
    /// The interval in seconds, negative for a backwards interval.
    var magnitude: TimeInterval { get set }

    /// An interval of `timeInterval` seconds.
    init(_ timeInterval: TimeInterval)
}

extension _TimeIntervalStride {
    /// The interval in seconds.
    @inlinable public var timeInterval: TimeInterval { magnitude }

    /// An interval of `value` seconds.
    @inlinable public init(integerLiteral value: TimeInterval) {
        self.init(value)
    }

    /// An interval of `value` seconds.
    @inlinable public init(floatLiteral value: TimeInterval) {
        self.init(value)
    }

    /// An interval of `source` seconds, or `nil` when a `TimeInterval` cannot hold it exactly.
    @inlinable public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = TimeInterval(exactly: source) else { return nil }
        self.init(seconds)
    }

    /// The interval in seconds, suffixed `s`.
    @inlinable public var description: String { "\(magnitude)s" }

    // Unit conversions, for `SchedulerTimeIntervalConvertible`.
    @inlinable public static func seconds(_ s: Int) -> Self { Self(TimeInterval(s)) }
    @inlinable public static func seconds(_ s: Double) -> Self { Self(s) }
    @inlinable public static func milliseconds(_ ms: Int) -> Self { Self(TimeInterval(ms) / 1_000) }
    @inlinable public static func microseconds(_ us: Int) -> Self { Self(TimeInterval(us) / 1_000_000) }
    @inlinable public static func nanoseconds(_ ns: Int) -> Self { Self(TimeInterval(ns) / 1_000_000_000) }

    // Arithmetic and ordering on the seconds, for `SignedNumeric` and `Comparable`.
    @inlinable public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    @inlinable public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
    @inlinable public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
    @inlinable public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
    @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs.magnitude += rhs.magnitude }
    @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs.magnitude -= rhs.magnitude }
    @inlinable public static func *= (lhs: inout Self, rhs: Self) { lhs.magnitude *= rhs.magnitude }
}

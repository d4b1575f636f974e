import Dispatch

extension DispatchQueue.SchedulerTimeType {
    /// An interval between two dispatch times, held as a signed count of nanoseconds.
    ///
    /// Literals are seconds, as in Combine: `0.5` is half a second. Arithmetic is in those
    /// units too, so `interval * 2` doubles an interval. Conversions from larger units saturate
    /// instead of overflowing; `+` and `-` trap on overflow like `Int`.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
        Hashable, Codable, Sendable, CustomStringConvertible
    {
        public typealias FloatLiteralType = Double
        public typealias IntegerLiteralType = Int
        public typealias Magnitude = Int

        /// The interval in nanoseconds, negative for a backwards interval.
        ///
        /// Named `magnitude` (though signed) to match Combine's declaration of this type.
        public var magnitude: Int

        /// Encoded as Combine's is: `{"_nanoseconds": n}`.
        private enum CodingKeys: String, CodingKey {
            case magnitude = "_nanoseconds"
        }

        /// The interval as a `DispatchTimeInterval`, for Dispatch APIs.
        public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

        /// Creates an interval from a `DispatchTimeInterval`; `.never` becomes the longest
        /// interval representable.
        public init(_ timeInterval: DispatchTimeInterval) {
            switch timeInterval {
            case .seconds(let s): magnitude = Self.saturatingNanoseconds(s, perUnit: 1_000_000_000)
            case .milliseconds(let ms): magnitude = Self.saturatingNanoseconds(ms, perUnit: 1_000_000)
            case .microseconds(let us): magnitude = Self.saturatingNanoseconds(us, perUnit: 1_000)
            case .nanoseconds(let ns): magnitude = ns
            case .never: magnitude = .max
            @unknown default: magnitude = .max
            }
        }

        /// An interval of `value` seconds.
        public init(integerLiteral value: Int) {
            self.init(.seconds(value))
        }

        /// An interval of `value` seconds.
        public init(floatLiteral value: Double) {
            self = .seconds(value)
        }

        /// An interval of `source` seconds, or `nil` when `source` does not fit in an `Int`.
        public init?<T: BinaryInteger>(exactly source: T) {
            guard let seconds = Int(exactly: source) else { return nil }
            self.init(.seconds(seconds))
        }

        public var description: String { "\(magnitude)ns" }

        public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }

        public static func seconds(_ s: Double) -> Stride {
            let nanoseconds = (s * 1_000_000_000).rounded()
            // Saturate: `Int(_:)` traps on values outside its range and on NaN.
            if nanoseconds.isNaN { return Stride(.nanoseconds(0)) }
            if nanoseconds >= Double(Int.max) { return Stride(.nanoseconds(.max)) }
            if nanoseconds <= Double(Int.min) { return Stride(.nanoseconds(.min)) }
            return Stride(.nanoseconds(Int(nanoseconds)))
        }

        public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
        public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

        public static func + (lhs: Stride, rhs: Stride) -> Stride {
            Stride(.nanoseconds(lhs.magnitude + rhs.magnitude))
        }

        public static func - (lhs: Stride, rhs: Stride) -> Stride {
            Stride(.nanoseconds(lhs.magnitude - rhs.magnitude))
        }

        /// The product in seconds: `.seconds(2) * .milliseconds(500)` is one second.
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
            // Full width, so the intermediate nanosecond-squared product cannot overflow.
            let product = lhs.magnitude.multipliedFullWidth(by: rhs.magnitude)
            let (quotient, _) = Int(1_000_000_000).dividingFullWidth(product)
            return Stride(.nanoseconds(quotient))
        }

        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

        private static func saturatingNanoseconds(_ value: Int, perUnit: Int) -> Int {
            let (product, overflow) = value.multipliedReportingOverflow(by: perUnit)
            guard overflow else { return product }
            return value < 0 ? .min : .max
        }
    }
}

import Foundation

extension RunLoop.SchedulerTimeType {
    /// An interval between two run loop times, in seconds.
    public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, Sendable,
        SchedulerTimeIntervalConvertible, CustomStringConvertible, _TimeIntervalStride
    {
        public typealias FloatLiteralType = TimeInterval
        public typealias IntegerLiteralType = TimeInterval
        public typealias Magnitude = TimeInterval

        /// The interval in seconds, negative for a backwards interval.
        ///
        /// Named `magnitude` (though signed) to match Combine's declaration of this type.
        public var magnitude: TimeInterval

        /// An interval of `timeInterval` seconds.
        public init(_ timeInterval: TimeInterval) {
            magnitude = timeInterval
        }
    }
}

import Dispatch

extension DispatchQueue {
    /// A dispatch queue's point in time: a `DispatchTime` on the uptime clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The dispatch time this value wraps.
        public var dispatchTime: DispatchTime

        /// Wraps `time`.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// The signed interval from this time to `other`.
        public func distance(to other: SchedulerTimeType) -> Stride {
            // Wrapping subtraction, then a bit-cast, gives the signed difference of two
            // unsigned uptimes without trapping when `other` is earlier.
            let difference = other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds
            return Stride(.nanoseconds(Int(truncatingIfNeeded: Int64(bitPattern: difference))))
        }

        /// This time moved by `n` (earlier when `n` is negative).
        public func advanced(by n: Stride) -> SchedulerTimeType {
            // `DispatchTime + DispatchTimeInterval` saturates at the clock's limits.
            SchedulerTimeType(dispatchTime + .nanoseconds(n.magnitude))
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds < rhs.dispatchTime.uptimeNanoseconds
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }
    }
}

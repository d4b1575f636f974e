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
        ///
        /// As in Combine, an interval too long for a signed count of nanoseconds (to or from
        /// `.distantFuture`, for instance) saturates to the largest positive stride, whichever
        /// way it points: it stands for "never", not for a time in the past.
        public func distance(to other: SchedulerTimeType) -> Stride {
            let from = dispatchTime.uptimeNanoseconds
            let to = other.dispatchTime.uptimeNanoseconds
            let magnitude = to >= from ? to - from : from - to
            guard magnitude <= UInt64(Int.max) else { return Stride(.nanoseconds(.max)) }
            let nanoseconds = Int(magnitude)
            return Stride(.nanoseconds(to >= from ? nanoseconds : -nanoseconds))
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

import Foundation

extension OperationQueue {
    /// An operation queue's point in time: a `Date`.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The date this value wraps.
        public var date: Date

        /// Wraps `date`.
        public init(_ date: Date) {
            self.date = date
        }

        /// The signed interval from this time to `other`.
        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        /// This time moved by `n` (earlier when `n` is negative).
        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.date < rhs.date
        }
    }
}

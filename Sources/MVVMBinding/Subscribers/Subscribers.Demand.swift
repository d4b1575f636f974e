extension Subscribers {
    /// How many more values a subscriber wants: a finite count or unlimited.
    ///
    /// Arithmetic as Combine's: `.unlimited` absorbs whatever is added to or subtracted from
    /// it, a sum or product that overflows is unlimited, subtracting `.unlimited` from a finite
    /// demand gives `.none`, and a finite result below zero traps (a subscriber received more
    /// than it asked for). Encoded as one unsigned integer, unlimited as `Int.max + 1`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        // `nil` means unlimited.
        private let count: Int?

        private init(count: Int?) { self.count = count }

        public static let unlimited = Demand(count: nil)
        public static let none = Demand(count: 0)

        /// A finite demand of `value` (must not be negative).
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "Subscribers.Demand.max(_:): a demand can't be negative (value is \(value))")
            return Demand(count: value)
        }

        /// The finite count, or `nil` when unlimited.
        public var max: Int? { count }

        public var description: String {
            count.map { "max(\($0))" } ?? "unlimited"
        }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.count, let r = rhs.count else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : Demand(count: sum)
        }

        public static func + (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(rhs)
            return overflow ? .unlimited : finite(sum, "\(lhs) + \(rhs)")
        }

        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            guard let r = rhs.count else { return .none }
            return finite(l - r, "\(lhs) - \(rhs)")
        }

        public static func - (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            let (difference, overflow) = l.subtractingReportingOverflow(rhs)
            return overflow ? .none : finite(difference, "\(lhs) - \(rhs)")
        }

        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            let (product, overflow) = l.multipliedReportingOverflow(by: rhs)
            return overflow ? .unlimited : finite(product, "\(lhs) * \(rhs)")
        }

        /// A finite result of arithmetic; below zero it traps, as Combine's does.
        @inline(__always)
        private static func finite(_ count: Int, _ operation: @autoclosure () -> String) -> Demand {
            if count < 0 { negativeResult(operation()) }
            return Demand(count: count)
        }

        @inline(never)
        private static func negativeResult(_ operation: String) -> Never {
            preconditionFailure("Subscribers.Demand: a demand can't be negative (\(operation))")
        }

        /// Unlimited is encoded as `Int.max + 1`, as Combine's.
        private static let unlimitedRawValue = UInt(Int.max) + 1

        public init(from decoder: any Decoder) throws {
            let rawValue = try decoder.singleValueContainer().decode(UInt.self)
            self = rawValue >= Demand.unlimitedRawValue ? .unlimited : Demand(count: Int(rawValue))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(count.map { UInt($0) } ?? Demand.unlimitedRawValue)
        }

        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs.count, rhs.count) {
            case (nil, _): return false
            case (_, nil): return true
            case let (l?, r?): return l < r
            }
        }

        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.count == rhs }
        public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.count != rhs }
        public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.count == lhs }
        public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.count != lhs }
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 < rhs } ?? false }
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 > rhs } ?? true }
        public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 <= rhs } ?? false }
        public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 >= rhs } ?? true }
        public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
        public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
        public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
        public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
    }
}

import Foundation

extension OperationQueue {
    /// Options for scheduling on an operation queue; there are none.
    public struct SchedulerOptions: Sendable {}
}

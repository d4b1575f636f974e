import Foundation

extension RunLoop {
    /// Options for scheduling on a run loop; there are none.
    public struct SchedulerOptions: Sendable {}
}

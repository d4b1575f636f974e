import Dispatch

extension DispatchQueue {
    /// How a dispatch queue runs a scheduled action: its quality of service, work-item flags
    /// and the group it belongs to.
    public struct SchedulerOptions {
        /// The quality of service to run the action with.
        public var qos: DispatchQoS
        /// The work-item flags to run the action with.
        public var flags: DispatchWorkItemFlags
        /// A group the action is part of while it is pending or running, if any.
        public var group: DispatchGroup?

        /// Creates options; the defaults leave the queue's own settings in charge.
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }
}

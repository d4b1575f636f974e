extension Publishers {
    /// How `collect(_:options:)` groups values in time.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// Emit the values gathered during each interval of the given length.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// As `byTime`, and also emit as soon as a group reaches the given count.
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }
}

import MVVMBindingCore

/// What ``StopwatchViewModel`` needs from its clock, so that the ViewModel need not be generic
/// over the clock's scheduler. ``StopwatchClock`` is the only conforming type.
@MainActor
protocol ElapsedTimeSource: AnyObject {
    /// The elapsed time now, then every change.
    var elapsedPublisher: AnyPublisher<Duration, Never> { get }
    /// Whether the clock is running now, then every change.
    var isRunningPublisher: AnyPublisher<Bool, Never> { get }
    /// Whether the clock is running.
    var isRunning: Bool { get }
    /// Starts counting from the current reading.
    func start()
    /// Stops counting, keeping the reading.
    func stop()
    /// Stops counting and returns to zero.
    func reset()
}

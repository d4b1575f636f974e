import MVVMBindingCore

/// The stopwatch's model (seed 004's `Clock`): counts ticks of a repeating timer on an
/// injected scheduler and publishes the elapsed time.
///
/// `elapsed` is `ticks × tickInterval`: it advances in whole ticks (10 ms by default), is exact
/// and reproducible under a virtual-time scheduler (`advance(by: .milliseconds(35))` gives
/// 30 ms), and on a real scheduler lags real time by whatever ticks the system coalesces
/// when the main thread is busy — acceptable for a display, which is what this is.
///
/// ``start()`` resumes from the current reading; ``stop()`` keeps it (the part of a tick that
/// had elapsed when stopping is dropped); ``reset()`` stops and returns to zero.
///
/// The scheduler must run its actions on the main actor: `DispatchQueue.main` (whose timers
/// arrive through the main queue, which the runtime drains for its host), or a test
/// scheduler advanced from the main actor. Any other scheduler traps on the first tick.
@MainActor
public final class StopwatchClock<S: Scheduler>: ObservableObject {
    // MARK: - Properties

    /// The time counted so far: whole ticks times ``tickInterval``.
    @Published public private(set) var elapsed: Duration = .zero
    /// Whether ticks are being counted.
    @Published public private(set) var isRunning = false

    /// How often the clock ticks, and so the resolution of ``elapsed``.
    public let tickInterval: Duration
    /// Where the timer runs.
    public let scheduler: S

    private var ticks = 0
    private var timer: AnyCancellable?
    /// Incremented on every start, so a tick queued by an earlier run (already on its way
    /// when that run stopped) is recognised and ignored.
    private var run = 0

    // MARK: - Init

    /// A stopped clock at zero that will tick every `tickInterval` (positive) on `scheduler`.
    public init(scheduler: S, tickInterval: Duration = .milliseconds(10)) {
        precondition(tickInterval > .zero, "StopwatchClock: tickInterval must be positive")
        self.scheduler = scheduler
        self.tickInterval = tickInterval
    }

    // MARK: - Actions

    /// Starts counting from the current reading; does nothing if already running.
    public func start() {
        guard !isRunning else { return }
        run += 1
        let currentRun = run
        let interval = Self.stride(of: tickInterval)
        timer = AnyCancellable(
            scheduler.schedule(
                after: scheduler.now.advanced(by: interval),
                interval: interval,
                tolerance: scheduler.minimumTolerance,
                options: nil
            ) { [weak self] in
                // Correctness, not speed: `Scheduler` actions are plain closures, so the main
                // actor the documented requirement guarantees is asserted here (a trap, not a
                // data race, if a scheduler breaks it).
                MainActor.assumeIsolated { self?.tick(of: currentRun) }
            }
        )
        isRunning = true
    }

    /// Stops counting and keeps the reading; does nothing if already stopped.
    public func stop() {
        guard isRunning else { return }
        timer?.cancel()
        timer = nil
        isRunning = false
    }

    /// Stops counting and sets the reading back to zero.
    public func reset() {
        stop()
        ticks = 0
        elapsed = .zero
    }

    // MARK: - Private

    private func tick(of tickRun: Int) {
        guard isRunning, tickRun == run else { return }
        ticks += 1
        elapsed = tickInterval * ticks
    }

    /// `duration` in the scheduler's own stride type (which offers no way to read it back,
    /// hence `Duration` as the public unit).
    private static func stride(of duration: Duration) -> S.SchedulerTimeType.Stride {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

extension StopwatchClock: ElapsedTimeSource {
    var elapsedPublisher: AnyPublisher<Duration, Never> { $elapsed.eraseToAnyPublisher() }
    var isRunningPublisher: AnyPublisher<Bool, Never> { $isRunning.eraseToAnyPublisher() }
}

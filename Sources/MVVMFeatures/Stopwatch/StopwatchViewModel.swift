import Dispatch
import MVVMBindingCore

/// The stopwatch screen (seed 004): the elapsed time as text, a Start/Stop button, a Lap
/// button enabled only while running, and the list of laps.
///
/// - Start **resumes**: stopping keeps the reading and the laps, and the next start carries on
///   from there. ``reset()`` is the way back to zero.
/// - A lap records the total elapsed time at that moment (a split time, as the seed does),
///   formatted like ``elapsedText``. ``laps`` is in the order taken: **newest last**.
/// - ``elapsedText`` is `mm:ss.cc` (see ``ElapsedTimeFormatter``), starting at `00:00.00`.
///
/// Everything derives from the ``StopwatchClock``: ``isRunning``, ``buttonText`` and
/// ``isLapButtonEnabled`` follow the clock's `isRunning`, ``elapsedText`` its `elapsed`.
@MainActor
public final class StopwatchViewModel: ObservableObject {
    // MARK: - Properties

    /// The elapsed time as `mm:ss.cc`.
    @Published public private(set) var elapsedText = ElapsedTimeFormatter.string(from: .zero)
    /// The recorded laps (split times, same format as ``elapsedText``), newest last.
    @Published public private(set) var laps: [String] = []
    /// The title of the start/stop button: "Start" while stopped, "Stop" while running.
    @Published public private(set) var buttonText = "Start"
    /// Whether the lap button can be pressed: only while running.
    @Published public private(set) var isLapButtonEnabled = false
    /// Whether the stopwatch is running.
    @Published public private(set) var isRunning = false

    private let clock: any ElapsedTimeSource
    private var subscriptions: [AnyCancellable] = []

    // MARK: - Init

    /// A stopwatch driven by `clock`, which it owns from now on (start, stop and reset it
    /// through this ViewModel).
    public init<S: Scheduler>(clock: StopwatchClock<S>) {
        self.clock = clock
        clock.elapsedPublisher
            .map(ElapsedTimeFormatter.string(from:))
            .sink { [weak self] text in self?.elapsedText = text }
            .store(in: &subscriptions)
        clock.isRunningPublisher
            .sink { [weak self] running in self?.runningChanged(running) }
            .store(in: &subscriptions)
    }

    /// A stopwatch ticking every `tickInterval` on `scheduler`, which must deliver on the main
    /// actor (see ``StopwatchClock``).
    public convenience init<S: Scheduler>(scheduler: S, tickInterval: Duration = .milliseconds(10)) {
        self.init(clock: StopwatchClock(scheduler: scheduler, tickInterval: tickInterval))
    }

    /// A stopwatch ticking every 10 ms on the main dispatch queue.
    public convenience init() {
        self.init(scheduler: DispatchQueue.main)
    }

    // MARK: - Actions

    /// Starts (resuming from the current reading) or stops the stopwatch.
    public func buttonTapped() {
        if clock.isRunning { clock.stop() } else { clock.start() }
    }

    /// Records the current reading as a lap; does nothing while stopped (the button is
    /// disabled then, but a host may still call this).
    public func lap() {
        guard isRunning else { return }
        laps.append(elapsedText)
    }

    /// Stops the stopwatch and clears the reading and the laps.
    public func reset() {
        clock.reset()
        if !laps.isEmpty { laps = [] }
    }

    // MARK: - Private

    private func runningChanged(_ running: Bool) {
        isRunning = running
        buttonText = running ? "Stop" : "Start"
        isLapButtonEnabled = running
    }
}

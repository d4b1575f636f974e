import Dispatch
import MVVMBindingCore
import MVVMRuntime

/// Ticks every 10 ms through the descriptor of mvvm_get_fd(). Start resumes from the elapsed
/// time; reset stops and clears.
///
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
@ViewModel
@MainActor
public final class StopwatchViewModel: ObservableObject {
    // MARK: - Properties

    /// The elapsed time, "mm:ss.cc".
    @Exported(out: "out_text")
    @Published public private(set) var elapsedText = ElapsedTimeFormatter.string(from: .zero)
    /// The title of the start/stop button: "Start" while stopped, "Stop" while running.
    @Exported(out: "out_text")
    @Published public private(set) var buttonText = "Start"
    /// Whether the stopwatch is running.
    @Published public private(set) var isRunning = false
    /// Whether the lap button can be pressed (`lap()` records a lap): only while running.
    @Exported("is-lap-enabled", out: "out_enabled")
    @Published public private(set) var isLapButtonEnabled = false
    /// The number of laps.
    @Exported(out: "out_count")
    public var lapCount: Int { laps.count }
    /// The recorded laps as text (split times, formatted like `elapsedText`), newest last.
    @List(item: "lap", out: "out_text", signal: "laps-changed", count: "lap-count")
    @Published public private(set) var laps: [String] = []

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

    /// Creates a stopped stopwatch.
    @Constructor
    static func make() -> StopwatchViewModel { StopwatchViewModel() }

    // MARK: - Actions

    /// Starts (resuming from the current reading) or stops the stopwatch, as the button says.
    public func buttonTapped() {
        if clock.isRunning { clock.stop() } else { clock.start() }
    }

    /// Records the current reading as a lap; does nothing while stopped (the button is
    /// disabled then, but a host may still call this).
    public func lap() {
        guard isRunning else { return }
        laps.append(elapsedText)
    }

    /// Stops the stopwatch and clears the reading and the laps. The runtime calls it when the
    /// host destroys the object, so a destroyed stopwatch stops ticking.
    @OnDestroy
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

import CMVVM
import MVVMBinding
import MVVMFeatures

/// The C face of a `StopwatchViewModel` ticking on the main queue (so ticks arrive through
/// the runtime's descriptor).
@MainActor
final class StopwatchObject: RuntimeObject {
    override class var objectType: mvvm_type { MVVM_TYPE_STOPWATCH }

    enum Signal {
        static let elapsedText = 0, buttonText = 1, isRunning = 2, isLapEnabled = 3, lapCount = 4
        static let lapsChanged = 5
    }

    nonisolated static let typeDescription = TypeDescription(
        type: MVVM_TYPE_STOPWATCH, name: "Stopwatch",
        properties: [
            .property("elapsed-text", .string, getter: "mvvm_stopwatch_get_elapsed_text", outType: "const char **"),
            .property("button-text", .string, getter: "mvvm_stopwatch_get_button_text", outType: "const char **"),
            .property("is-running", .int32, getter: "mvvm_stopwatch_get_is_running", outType: "int32_t *"),
            .property("is-lap-enabled", .int32, getter: "mvvm_stopwatch_get_is_lap_enabled", outType: "int32_t *"),
            .property("lap-count", .int64, getter: "mvvm_stopwatch_get_lap_count", outType: "int64_t *"),
        ],
        commands: [
            .command("button-tapped", "mvvm_stopwatch_button_tapped", run: { ($0 as! StopwatchObject).viewModel.buttonTapped() }),
            .command("lap", "mvvm_stopwatch_lap", run: { ($0 as! StopwatchObject).viewModel.lap() }),
            .command("reset", "mvvm_stopwatch_reset", run: { ($0 as! StopwatchObject).viewModel.reset() }),
        ],
        events: [.event("laps-changed", .changes)])


    let viewModel: StopwatchViewModel
    /// The lap count last announced, to turn a new `laps` array into a change set.
    private var knownLapCount = 0

    init(viewModel: StopwatchViewModel) {
        self.viewModel = viewModel
        super.init(signals: Self.typeDescription.signals)
        observe(viewModel.$elapsedText, announcing: Signal.elapsedText)
        observe(viewModel.$buttonText, announcing: Signal.buttonText)
        observe(viewModel.$isRunning, announcing: Signal.isRunning)
        observe(viewModel.$isLapButtonEnabled, announcing: Signal.isLapEnabled)
        subscribe(to: viewModel.$laps) { [unowned(unsafe) self] laps in lapsWillChange(to: laps) }
    }

    /// Laps only grow at the end (newest last) or are cleared by reset.
    private func lapsWillChange(to laps: [String]) {
        let change: ListChange = laps.count > knownLapCount && laps.count > 0
            ? .insert(knownLapCount..<laps.count) : .reset(count: laps.count)
        knownLapCount = laps.count
        propertyChanged(Signal.lapCount)
        queueEvent(.changes(Signal.lapsChanged, [mvvm_list_change(change)]))
    }

    override func tearDown() {
        viewModel.reset()
    }

    override func withCurrentValue(of index: Int, _ body: (SignalValue) -> Void) {
        switch index {
        case Signal.elapsedText: withStringValue(viewModel.elapsedText, body)
        case Signal.buttonText: withStringValue(viewModel.buttonText, body)
        case Signal.isRunning: body(.int32(viewModel.isRunning.cFlag))
        case Signal.isLapEnabled: body(.int32(viewModel.isLapButtonEnabled.cFlag))
        default: body(.int64(Int64(viewModel.laps.count)))
        }
    }
}

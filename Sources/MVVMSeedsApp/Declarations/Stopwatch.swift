import MVVMFeatures
import MVVMRuntime

extension StopwatchViewModel: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<StopwatchViewModel>(
        name: "Stopwatch",
        summary: """
            Ticks every 10 ms through the descriptor of mvvm_get_fd(). Start resumes from the elapsed \
            time; reset stops and clears.
            """,
        constructor: .new("Creates a stopped stopwatch.", arguments: []) { _ in (StopwatchViewModel(), nil) },
        properties: [
            .string(
                "elapsed-text", "The elapsed time, \"mm:ss.cc\".", out: "out_text", { $0.elapsedText },
                changes: { $0.$elapsedText }),
            .string("button-text", "\"Start\" or \"Stop\".", out: "out_text", { $0.buttonText }, changes: { $0.$buttonText }),
            .bool("is-running", "Whether it runs (0/1).", { $0.isRunning }, changes: { $0.$isRunning }),
            .bool(
                "is-lap-enabled", "Whether lap records a lap now (0/1).", out: "out_enabled", { $0.isLapButtonEnabled },
                changes: { $0.$isLapButtonEnabled }),
            .int64("lap-count", "The number of laps.", out: "out_count", { $0.laps.count }),
        ],
        commands: [
            .command("button-tapped", "Start or Stop, as the button says.") { $0.buttonTapped() },
            .command("lap", "Records a lap while running; does nothing while stopped.") { $0.lap() },
            .command("reset", "Stops and clears the elapsed time and the laps.") { $0.reset() },
        ],
        lists: [
            .list(
                "laps", item: "lap", of: .string,
                "Lap `index` as text, borrowed until the next getter call on this object, a change, or destruction.",
                out: "out_text", changes: .growingArray { $0.$laps }, signal: "laps-changed", countProperty: "lap-count",
                count: { $0.laps.count }, item: { .string($0.laps[$1]) })
        ],
        // A destroyed stopwatch stops ticking.
        tearDown: { $0.reset() })
}

import CMVVM
import Glibc

/// What a runtime records for debugging, from `mvvm_init_with_options()` and the environment
/// (`MVVM_TRACE=path`: a journal; `MVVM_DEBUG_LEAKS=1`: the leak report), turned on when the
/// runtime starts and off when it shuts down.
struct DebugOptions {
    var journalPath: String?
    var reportsLeaks: Bool

    init(flags: UInt32) {
        reportsLeaks = flags & UInt32(MVVM_INIT_REPORT_LEAKS.rawValue) != 0
    }

    /// Set while a replay runs: its runtime writes no journal of its own, whatever the
    /// environment says (the file it reads may be the one MVVM_TRACE names).
    @MainActor static var ignoresEnvironment = false

    /// These options with the environment's added (an option set by the host wins).
    @MainActor func withEnvironment() -> DebugOptions {
        guard !Self.ignoresEnvironment else { return self }
        var options = self
        if options.journalPath == nil, let path = Self.environment("MVVM_TRACE"), !path.isEmpty { options.journalPath = path }
        if let leaks = Self.environment("MVVM_DEBUG_LEAKS"), leaks != "", leaks != "0" { options.reportsLeaks = true }
        return options
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Turns them on for the runtime that `function` (an init) just started.
    @MainActor func start(_ function: String) {
        LeakReport.isTracking = reportsLeaks
        if let journalPath { Journal.open(path: journalPath) }
        JournalCalls.isRecording = Journal.isOn || reportsLeaks
        if Journal.isOn { JournalEvents.lifecycle("init", function) }
    }

    /// Before `mvvm_shutdown()` tears the runtime down: the leak report of what is still alive.
    @MainActor static func willShutDown(_ runtime: Runtime) {
        if LeakReport.isTracking { LeakReport.make(runtime) }
        if Journal.isOn { JournalEvents.lifecycle("shutdown", "mvvm_shutdown") }
    }

    /// After it: the journal is closed, leak tracking off.
    @MainActor static func didShutDown() {
        InspectorServer.stop()
        Journal.close()
        LeakReport.isTracking = false
        JournalCalls.isRecording = false
    }
}

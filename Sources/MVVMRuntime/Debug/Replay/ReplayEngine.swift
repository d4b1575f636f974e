import CMVVM
import Dispatch
import MVVMBindingCore

/// Replays a journal (`mvvm_replay()`): the host's side of it — its calls, the calls its
/// handlers made, its answers to the library's requests — is done again, in the recorded
/// order, against this library, and what the library does in return — the signals it
/// emits, the requests it makes, each call's status and what it hands back — is compared
/// with the journal. The first difference stops the replay and is the report.
///
/// Order: the journal's top-level lines are taken one by one; the library's reactions to
/// each (signals, requests, cancels) are matched as they happen against the lines that
/// follow, before the next top-level call or dispatch. A handler's calls follow the signal
/// it got, one level deeper, and are made again from inside that replayed signal.
///
/// Time: the main actor's clock is virtual (`VirtualMainClock`) and moves to each line's
/// time before the line is replayed, so timers (debounce, delays, ticks) fire where they
/// fired. Work that arrives from other threads (a repository on its own queue) is waited for
/// when a recorded reaction has not come yet: up to `settle` per line, dispatching as it
/// arrives.
@MainActor
final class ReplayEngine {
    struct Divergence: Error {
        let position: Int
        let what: String
        let expected: String
        let actual: String
    }

    var journal: ReplayJournal
    /// The index of the top-level line being replayed.
    var cursor = 0
    let clockBase: UInt64
    let settle: DispatchTimeInterval
    var divergence: Divergence?
    var unreadable: String?

    // Recorded handles and ids → this replay's.
    var objects: [UInt64: OpaquePointer] = [:]
    var connections: [UInt64: UInt64] = [:]
    var closures: [UInt64: (id: UInt64, function: mvvm_command_fn)] = [:]
    var requests: [UInt64: OpaquePointer] = [:]
    /// Per request of this replay (by its bits), the answer it expects.
    var requestShapes: [UInt: HostAnswerShape] = [:]
    /// Requests the library made that no journal line matched yet, and cancels likewise.
    var issuedRequests: [(interface: String, method: String, request: OpaquePointer, arguments: String)] = []
    var issuedCancels: [OpaquePointer] = []
    /// Every closure made for handlers and host tables, kept until the runtime is gone.
    var keptAlive: [AnyObject] = []
    var tableBuffers: [UnsafeMutableRawPointer] = []

    var counts = (calls: 0, signals: 0, requests: 0)

    init(journal: ReplayJournal, settleMilliseconds: Int) {
        self.journal = journal
        self.clockBase = VirtualMainClock.now
        self.settle = .milliseconds(settleMilliseconds)
    }

    isolated deinit {
        for buffer in tableBuffers { buffer.deallocate() }
    }

    /// Replays every line; afterwards `divergence` or `unreadable` says what went wrong.
    func run() {
        while cursor < journal.entries.count, divergence == nil, unreadable == nil {
            let index = cursor
            cursor += 1
            guard !journal.entries[index].used else { continue }
            let entry = journal.entries[index]
            journal.entries[index].used = true
            VirtualMainClock.advance(to: clockBase &+ entry.time)
            switch entry.event {
            case "header", "init", "end", "wakeup", "clock", "timer": continue
            case "shutdown": return
            case "call":
                guard entry.depth == 0 else {
                    diverge(entry.position, "a handler's call, but the signal its handler got was not emitted", entry.json.text, "no such signal")
                    return
                }
                replayCall(entry)
            case "dispatch":
                releaseTimers()
                _ = mvvm_dispatch()
            case "closure":
                replayClosure(entry)
            case "answer":
                replayAnswer(entry)
            case "signal", "request", "cancel":
                // A reaction that has not happened yet: wait for the work that makes it.
                journal.entries[index].used = false
                cursor = index
                awaitReaction(at: index)
                if !journal.entries[index].used { missing(entry) }
                cursor = index + 1
            default:
                continue
            }
        }
    }

    /// Hands the main actor's queue the timers that ran in the dispatch being replayed (its
    /// `timer` lines, each the earliest timer set then), before it runs.
    ///
    /// A timer set from another thread (work that hopped to the pool first) may not be set
    /// yet: it is waited for, up to `settle`.
    private func releaseTimers() {
        while let index = nextUnused(["timer"], from: cursor) {
            journal.entries[index].used = true
            let deadline = DispatchTime.now() + settle
            while !VirtualMainClock.fireEarliest() {
                guard DispatchTime.now() < deadline else {
                    return diverge(
                        journal.entries[index].position, "a timer ran that this replay did not set", "a timer",
                        "no timer set, within \(settleText) of waiting")
                }
                // Dispatching lets main-actor work that sets the timer run meanwhile.
                if MainLoop.waitUntilReadable(timeoutMilliseconds: 1) { _ = mvvm_dispatch() }
            }
        }
    }

    /// The next reading of the main actor's clock the journal recorded, on this replay's
    /// clock; nil when the journal has none for this step.
    func nextReading() -> UInt64? {
        guard let index = nextUnused(["clock"], from: cursor), let now = journal.entries[index].json["now"]?.uint64 else { return nil }
        journal.entries[index].used = true
        return clockBase &+ now
    }

    /// The next reading of the wall clock the journal recorded (`MainQueue.wallTime`).
    func nextWallReading() -> Double? {
        guard let index = nextUnused(["clock"], from: cursor), case .number(let text)? = journal.entries[index].json["wall"],
            let seconds = Double(text)
        else { return nil }
        journal.entries[index].used = true
        return seconds
    }

    /// Waits (up to `settle`) for main-queue work and dispatches it until the line at
    /// `index` is matched.
    private func awaitReaction(at index: Int) {
        let deadline = DispatchTime.now() + settle
        while !journal.entries[index].used, divergence == nil, DispatchTime.now() < deadline {
            let remaining = Int32(max(1, (deadline.uptimeNanoseconds &- DispatchTime.now().uptimeNanoseconds) / 1_000_000))
            if MainLoop.waitUntilReadable(timeoutMilliseconds: min(remaining, 50)) { _ = mvvm_dispatch() }
        }
    }

    private func missing(_ entry: ReplayJournal.Entry) {
        guard divergence == nil else { return }
        let what: String
        switch entry.event {
        case "signal": what = "the signal \"\(entry.json["signal"]?.string ?? "?")\" was not emitted"
        case "request": what = "the request \(entry.json["interface"]?.string ?? "?").\(entry.json["method"]?.string ?? "?") was not made"
        default: what = "the request was not cancelled"
        }
        diverge(entry.position, what, entry.json.text, "nothing, within \(settleText) of waiting")
    }

    private var settleText: String {
        if case .milliseconds(let ms) = settle { return "\(ms) ms" }
        return "\(settle)"
    }

    /// The first line at or after `start` not used yet, of one of `events`, before the next
    /// top-level call or dispatch (the reactions of one step stay within it).
    func nextUnused(_ events: Set<String>, from start: Int) -> Int? {
        var index = start
        while index < journal.entries.count {
            let entry = journal.entries[index]
            if !entry.used {
                if events.contains(entry.event) { return index }
                if entry.isTopLevelCall || entry.event == "dispatch" || entry.event == "closure" { return nil }
            }
            index += 1
        }
        return nil
    }

    func diverge(_ position: Int, _ what: String, _ expected: String, _ actual: String) {
        guard divergence == nil else { return }
        divergence = Divergence(position: position, what: what, expected: expected, actual: actual)
    }

    /// The report (`mvvm_replay()`'s *out_report).
    func report() -> String {
        if let unreadable { return "replay: cannot replay this journal: \(unreadable)" }
        guard let divergence else {
            return "replay: identical (\(counts.calls) calls, \(counts.signals) signals, \(counts.requests) requests)"
        }
        var lines = ["replay: diverged at journal line \(divergence.position): \(divergence.what)"]
        if let before = journal.entries.last(where: { $0.position < divergence.position && $0.event == "call" && $0.used }) {
            lines.append("  the call before it (line \(before.position)): \(before.json.text)")
        }
        lines.append("  expected: \(divergence.expected)")
        lines.append("  actual:   \(divergence.actual)")
        return lines.joined(separator: "\n")
    }

    // MARK: - Handles

    func live(_ json: JSON?) -> OpaquePointer? {
        guard let bits = json?["object"]?.uint64 else { return nil }
        return objects[bits]
    }

    /// Compares a recorded value with one of this replay, binding the object handles the
    /// recording had to this replay's as they first meet.
    func matches(_ recorded: JSON, _ actual: JSON) -> Bool {
        switch (recorded, actual) {
        case (.object(let a), .object(let b)) where a.count == 1 && b.count == 1 && a[0].key == "object" && b[0].key == "object":
            guard let bits = a[0].value.uint64, let liveBits = b[0].value.uint64 else { return false }
            if let known = objects[bits] { return UInt64(UInt(bitPattern: known)) == liveBits }
            objects[bits] = OpaquePointer(bitPattern: UInt(liveBits))
            return true
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && matches($0.value, $1.value) }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        case (.object(let fields), .string(let text)) where fields.contains(where: { $0.key == "cut" }):
            return recorded["prefix"]?.string.map { text.hasPrefix($0) } ?? false
        default:
            return recorded == actual
        }
    }
}

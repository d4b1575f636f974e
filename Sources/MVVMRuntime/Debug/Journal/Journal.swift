import CExecutorHooks
import CMVVM
import Dispatch
import Glibc
import MVVMBindingCore
import Synchronization

/// The journal: one JSON object per line of everything that crosses the C API while it is on
/// (docs/JOURNAL.md is the format). Off by default; `mvvm_init_with_options()`'s
/// `journal_path` or the environment variable `MVVM_TRACE` turns it on for one runtime, from
/// its init to its shutdown.
///
/// Lines are built on the thread of the event and appended to one buffer under a lock; the
/// buffer goes to the file at the end of each dispatch, when it holds 64 KiB, and at shutdown,
/// so the host's loop never waits on the disk for more than one write. A write that fails (a
/// full disk, a file-size limit) is reported once on stderr and turns the journal off: the
/// application goes on.
package final class Journal: @unchecked Sendable {
    /// The format's version, the header line's `mvvm_journal`.
    package static let formatVersion = 1

    /// Whether a journal is being written: one relaxed load, the cost of a journal that is off.
    @inline(__always)
    package static var isOn: Bool { on.load(ordering: .relaxed) }
    private static let on = Atomic<Bool>(false)
    /// The open journal; set and cleared on the host thread, at init and shutdown.
    nonisolated(unsafe) package private(set) static var current: Journal?

    private struct State {
        var buffer: [UInt8] = []
        var descriptor: Int32
        var sequence = 0
        var failed = false
        /// The last lines, for the live viewer's tail (`mvvm_debug_serve()`).
        var recent: [[UInt8]] = []
    }

    /// How many of the last lines `tail` keeps.
    static let recentLimit = 1000

    package let path: String
    private let state: PthreadLocked<State>
    private let start: UInt64
    /// When the journal started, on the uptime clock: its lines' times count from here.
    package var startTime: UInt64 { start }
    private static let flushThreshold = 64 * 1024

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.state = PthreadLocked(State(descriptor: descriptor))
        self.start = DispatchTime.now().uptimeNanoseconds
    }

    /// Opens (truncating) the journal at `path` and writes its header; nil, with the reason
    /// on stderr, when the file cannot be opened: the runtime starts without a journal.
    @MainActor
    package static func open(path: String) {
        guard current == nil else { return }
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            report("the journal \(path) could not be opened (\(String(cString: strerror(errno)))); the runtime runs without one")
            return
        }
        let journal = Journal(path: path, descriptor: descriptor)
        current = journal
        on.store(true, ordering: .relaxed)
        journal.writeHeader()
        MainClockTap.start(.init(read: { JournalEvents.clock($0) }, readWall: { JournalEvents.wall($0) }, timer: { JournalEvents.timer() }))
    }

    /// Writes what is buffered, closes the file and turns the journal off (shutdown).
    @MainActor
    package static func close() {
        guard let journal = current else { return }
        MainClockTap.stop()
        journal.append(JournalLine("end"))
        on.store(false, ordering: .relaxed)
        journal.flush()
        journal.state.withLock { state in
            if state.descriptor >= 0 { Glibc.close(state.descriptor) }
            state.descriptor = -1
        }
        current = nil
    }

    /// Nanoseconds since the journal started, on the uptime clock.
    package var now: UInt64 { DispatchTime.now().uptimeNanoseconds &- start }

    private func writeHeader() {
        var line = JournalLine("header")
        line.field("mvvm_journal", Journal.formatVersion)
        line.field("library_version", String(cString: mvvm_version_string()))
        line.field("schema", SchemaHash.value)
        line.field("types", TypeCatalog.declarations.map(\.name))
        line.field("pid", Int(getpid()))
        line.field("host_thread", Int(mvvmhook_current_thread_id()))
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        line.field("started_unix_ms", Int(wall.tv_sec) * 1000 + Int(wall.tv_nsec) / 1_000_000)
        append(line)
        flush()
    }

    /// Adds `line` (its position, time and thread first) to the buffer; any thread. Returns
    /// the line's position, or nil when the journal is off.
    @discardableResult
    package func append(_ line: JournalLine) -> Int? {
        let time = now
        let thread = Int(mvvmhook_journal_thread_id())
        let appended: (position: Int, full: Bool)? = state.withLock { state in
            guard !state.failed, state.descriptor >= 0 else { return nil }
            state.sequence += 1
            let start = state.buffer.count
            var writer = JSONWriter(appendingTo: state.buffer)
            state.buffer = []
            line.write(position: state.sequence, time: time, thread: thread, to: &writer)
            state.buffer = writer.take()
            // The live viewer's tail, kept only while it is served.
            if InspectorServer.current != nil {
                if state.recent.count == Self.recentLimit { state.recent.removeFirst(Self.recentLimit / 2) }
                state.recent.append(Array(state.buffer[start...]))
            }
            return (state.sequence, state.buffer.count >= Self.flushThreshold)
        }
        if appended?.full == true { flush() }
        return appended?.position
    }

    /// The last `count` lines written (at most `recentLimit`).
    package func tail(_ count: Int) -> [String] {
        state.withLock { Array($0.recent.suffix(max(0, count))) }.map { String(decoding: $0.dropLast(), as: UTF8.self) }
    }

    /// The position the next line will have.
    package var nextPosition: Int { state.withLock { $0.sequence + 1 } }

    /// Writes the buffer to the file. The first failure is reported and ends the journal.
    package func flush() {
        let failure: String? = state.withLock { state in
            guard !state.failed, state.descriptor >= 0, !state.buffer.isEmpty else { return nil }
            let failure = state.buffer.withUnsafeBytes { bytes -> String? in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(state.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return String(cString: strerror(errno))
                    }
                    offset += written
                }
                return nil
            }
            state.buffer.removeAll(keepingCapacity: true)
            if failure != nil {
                state.failed = true
                Glibc.close(state.descriptor)
                state.descriptor = -1
            }
            return failure
        }
        if let failure {
            Self.on.store(false, ordering: .relaxed)
            Self.report("the journal \(path) could not be written (\(failure)); it is off from here, and the application goes on")
        }
    }

    /// Whether a write failed (the journal then is off for the rest of the runtime).
    package var hasFailed: Bool { state.withLock { $0.failed } }

    /// One line on stderr, "mvvm: …".
    package static func report(_ message: String) {
        let text = "mvvm: \(message)\n"
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}

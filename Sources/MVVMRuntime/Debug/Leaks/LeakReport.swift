import CMVVM
import Glibc
import MVVMBindingCore
import Synchronization

/// The leak report (`MVVM_INIT_REPORT_LEAKS`, `MVVM_DEBUG_LEAKS=1`): what the host never
/// released by the time it called `mvvm_shutdown()` — objects it made and did not destroy
/// (with their connections), command closures it did not free, requests of its tables it did
/// not answer — each with the API call that made it and, with a journal, the journal line.
/// Written to stderr when not empty, and kept for `mvvm_debug_leak_report()` until the next
/// shutdown.
package enum LeakReport {
    /// Whether this runtime tracks where things were made.
    @inline(__always)
    static var isTracking: Bool {
        get { tracking.load(ordering: .relaxed) }
        set { tracking.store(newValue, ordering: .relaxed) }
    }
    private static let tracking = Atomic<Bool>(false)

    /// What the report lists.
    enum Thing: Hashable {
        case object(Handle)
        case closure(UInt64)
        case request(Handle)
    }

    /// Where each thing was made: "made by mvvm_x_new (journal line 12)".
    private static let origins = PthreadLocked<[Thing: String]>([:])
    /// The last shutdown's report, as `mvvm_debug_leak_report()` hands it out.
    nonisolated(unsafe) private static var lastReport: UnsafeMutablePointer<CChar>? = strdup("")

    /// An object, closure or request was made now, during the host's call in progress.
    @MainActor static func made(_ thing: Thing, _ what: String? = nil) {
        var origin = JournalCalls.currentFunction.map { "made by \($0)" } ?? "made by the library"
        if let what { origin = "\(what), " + origin }
        if let position = Journal.current?.nextPosition { origin += " (journal line \(position))" }
        origins.withLock { $0[thing] = origin }
    }

    /// A request was answered or cancelled, an object destroyed, a closure freed (any
    /// thread): it is no leak.
    static func ended(_ thing: Thing) {
        guard isTracking else { return }
        _ = origins.withLock { $0.removeValue(forKey: thing) }
    }

    private static func origin(_ thing: Thing) -> String {
        origins.withLock { $0[thing] } ?? "made before tracking started"
    }

    /// The report of what `runtime` still holds, written out and kept.
    @MainActor static func make(_ runtime: Runtime) {
        var lines: [String] = []
        for object in runtime.handles.liveObjects where !object.isOwned {
            guard let handle = object.handle else { continue }
            let connections = runtime.connectionCount(of: object)
            let connected = connections == 0 ? "" : ", \(connections) connection\(connections == 1 ? "" : "s") still connected"
            lines.append("object \(handle.pointer) (a \(object.declaration.name)), \(origin(.object(handle)))\(connected)")
        }
        for (id, _) in runtime.closures.sorted(by: { $0.key < $1.key }) {
            lines.append("command closure \(id), \(origin(.closure(id)))")
        }
        for request in HostRequestTable.shared.pendingRequests {
            lines.append("request \(request.pointer), \(origin(.request(request))), never answered")
        }
        let text =
            lines.isEmpty
            ? ""
            : "leak report: \(lines.count) thing\(lines.count == 1 ? " was" : "s were") never released:\n"
                + lines.map { "  " + $0 }.joined(separator: "\n")
        if !text.isEmpty { Journal.report(text) }
        free(lastReport)
        lastReport = strdup(text)
        origins.withLock { $0.removeAll() }
    }

    /// The last shutdown's report; "" when nothing leaked or nothing was tracked.
    static var last: UnsafePointer<CChar> { UnsafePointer(lastReport!) }
}

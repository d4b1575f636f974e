import CMVVM
import Synchronization

/// The journal's record of the host thread's API calls: the record of each call in progress
/// (calls nest: a handler calls the API during a delivery), which the call's body fills in
/// with its operation and `apiCall` writes once the body has run, before what it changed is
/// delivered. So a call's line comes before the signals it caused, and a call a handler made
/// comes after the signal that handler got, one level deeper (`d`): the order replay follows.
@MainActor
package enum JournalCalls {
    /// A call's fields, JSON values already; the last operation noted wins (an item read
    /// counts the list first).
    package struct Record {
        let function: String
        let depth: Int
        var op: String?
        var type: String?
        var object: String?
        var member: String?
        var arguments: String?
        var out: String?
        var extra: [(key: String, json: String)] = []
        /// Lines of what happened inside the call (a request to a host table, a clock
        /// read), written after the call's own.
        var inside: [JournalLine] = []

        func line(_ status: mvvm_status, _ message: String?, refusesPointer: Bool) -> JournalLine {
            var line = JournalLine("call")
            line.field("fn", function)
            line.field("d", depth)
            if let op { line.field("op", op) }
            if let type { line.field("type", type) }
            if let object { line.field("object", json: object) }
            if let member { line.field("member", member) }
            if let arguments { line.field("args", json: arguments) }
            for (key, json) in extra { line.field(key, json: json) }
            line.field("status", String(cString: mvvm_status_name(status)))
            if let message { line.field("message", message) }
            if refusesPointer { line.field("refused", "pointer") }
            if let out, status == MVVM_OK { line.field("out", json: out) }
            return line
        }
    }

    private static var records: [Record] = []

    /// Whether calls are recorded: while a journal is written or leaks are tracked (their
    /// report names the call that made each thing). One relaxed load per call otherwise.
    @inline(__always)
    nonisolated static var isRecording: Bool {
        get { recording.load(ordering: .relaxed) }
        set { recording.store(newValue, ordering: .relaxed) }
    }
    nonisolated private static let recording = Atomic<Bool>(false)

    /// The function of the host's call in progress, if any.
    static var currentFunction: String? { records.last?.function }

    /// Starts the record of a call of `function` (its name up to the parenthesis), made at
    /// `depth`: 0 for the host's own calls, more for a handler's (during a delivery).
    static func begin(_ function: StaticString, depth: Int) {
        records.append(Record(function: name(function), depth: depth))
    }

    /// Fills in the record of the call in progress.
    package static func note(_ fields: (inout Record) -> Void) {
        guard !records.isEmpty else { return }
        fields(&records[records.count - 1])
    }

    /// Writes the line of the call in progress with its outcome.
    static func end(_ status: mvvm_status, _ message: String? = nil, refusesPointer: Bool = false) {
        guard let record = records.popLast() else { return }
        guard let journal = Journal.current else { return }
        journal.append(record.line(status, message, refusesPointer: refusesPointer))
        for line in record.inside { writeAfterCall(line) }
    }

    /// Writes `line` now, or after the line of the call in progress.
    static func writeAfterCall(_ line: JournalLine) {
        guard !records.isEmpty else {
            Journal.current?.append(line)
            return
        }
        records[records.count - 1].inside.append(line)
    }

    /// A call refused before it started (off the host thread, or before init): one line.
    nonisolated static func refused(_ function: StaticString, _ error: APIError) {
        var line = JournalLine("call")
        line.field("fn", name(function))
        line.field("status", String(cString: mvvm_status_name(error.status)))
        line.field("message", error.message)
        Journal.current?.append(line)
    }

    nonisolated private static func name(_ function: StaticString) -> String {
        let text = "\(function)"
        return String(text.prefix { $0 != "(" })
    }

    // MARK: - What the operations note

    /// An access of member `member` of `object` (a property, command or list).
    static func access(_ op: String, _ object: RuntimeObject, _ member: String, _ arguments: [Value]? = nil) {
        note { record in
            record.op = op
            record.object = JournalJSON.object(object.handle?.pointer)
            record.member = member
            record.arguments = arguments.map(JournalJSON.values)
            record.out = nil
        }
    }

    /// An operation on no member: `op` of `type`'s objects (a constructor) or of `object`.
    package static func operation(_ op: String, type: String? = nil, object: OpaquePointer? = nil, arguments: [Value]? = nil) {
        note { record in
            record.op = op
            record.type = type
            record.object = object.map { JournalJSON.object($0) }
            record.arguments = arguments.map(JournalJSON.values)
        }
    }

    /// Another field of the operation (a constructor's inputs, a signal's name).
    package static func field(_ key: String, json: String) { note { $0.extra.append((key, json)) } }

    /// What the call hands back (a getter's value, a command's result, a new handle or id).
    package static func out(_ value: Value) { note { $0.out = JournalJSON.value(value) } }
    package static func out(object handle: OpaquePointer?) { note { $0.out = JournalJSON.object(handle) } }
    package static func out(id: UInt64) { note { $0.out = "\(id)" } }
}

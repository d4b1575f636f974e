import CMVVM
import Synchronization

/// The journal's record of the host thread's API calls: the record of each call in progress
/// (calls nest: a handler calls the API during a delivery), which the call's body fills in
/// with its operation and `apiCall` writes once the body has run, before what it changed is
/// delivered. So a call's line comes before the signals it caused, and a call a handler made
/// comes after the signal that handler got, one level deeper (`d`): the order replay follows.
@MainActor
package enum JournalCalls {
    /// A call's fields as values, written as JSON only when the line is; the last operation
    /// noted wins.
    package struct Record {
        let function: StaticString
        let depth: Int
        var op: StaticString?
        var type: String?
        var object: OpaquePointer??
        var member: String?
        var arguments: [Value]?
        var out: Value?
        /// Fields of the rarer operations (a constructor's inputs, a connect's signal), JSON.
        var extra: [(key: StaticString, json: String)] = []
        /// Lines of what happened inside the call (a request to a host table, a clock
        /// read), written after the call's own.
        var inside: [JournalLine] = []

        func line(_ status: mvvm_status, _ message: String?, refusesPointer: Bool) -> JournalLine {
            var line = JournalLine("call")
            line.field("fn") { $0.quoted(JournalCalls.name(function)) }
            line.field("d", depth)
            if let op {
                line.field("op") {
                    $0.raw("\"")
                    $0.raw(op)
                    $0.raw("\"")
                }
            }
            if let type { line.field("type", type) }
            if let object { line.field("object") { $0.object(object) } }
            if let member { line.field("member", member) }
            if let arguments { line.field("args") { $0.values(arguments) } }
            for (key, json) in extra { line.field(key) { $0.json(json) } }
            line.field("status") { $0.string(cString: mvvm_status_name(status)) }
            if let message { line.field("message", message) }
            if refusesPointer { line.field("refused", "pointer") }
            if let out, status == MVVM_OK { line.field("out") { $0.value(out) } }
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
    static var currentFunction: String? { records.last.map { name($0.function) } }

    /// Starts the record of a call of `function`, made at `depth`: 0 for the host's own calls,
    /// more for a handler's (during a delivery).
    static func begin(_ function: StaticString, depth: Int) {
        records.append(Record(function: function, depth: depth))
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

    /// `function`'s name up to its parenthesis ("mvvm_object_get(_:_:_:)" → "mvvm_object_get").
    nonisolated static func name(_ function: StaticString) -> String {
        function.withUTF8Buffer { bytes in
            String(decoding: bytes.prefix { $0 != UInt8(ascii: "(") }, as: UTF8.self)
        }
    }

    // MARK: - What the operations note

    /// An access of member `member` of `object` (a property, command or list).
    static func access(_ op: StaticString, _ object: RuntimeObject, _ member: String, _ arguments: [Value]? = nil) {
        note { record in
            record.op = op
            record.object = .some(object.handle?.pointer)
            record.member = member
            record.arguments = arguments
            record.out = nil
        }
    }

    /// An operation on no member: `op` of `type`'s objects (a constructor) or of `object`.
    package static func operation(_ op: StaticString, type: String? = nil, object: OpaquePointer? = nil, arguments: [Value]? = nil) {
        note { record in
            record.op = op
            record.type = type
            if let object { record.object = .some(object) }
            record.arguments = arguments
        }
    }

    /// Another field of the operation (a constructor's inputs, a signal's name), JSON.
    package static func field(_ key: StaticString, json: String) { note { $0.extra.append((key, json)) } }

    /// What the call hands back (a getter's value, a command's result, a new handle or id).
    package static func out(_ value: Value) { note { $0.out = value } }
    package static func out(object handle: OpaquePointer?) { note { $0.out = .object(handle) } }
    package static func out(id: UInt64) { note { $0.out = .uint64(id) } }
}

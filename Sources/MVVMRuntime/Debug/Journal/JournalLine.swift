/// One journal line under construction: a JSON object whose first fields, added when the line
/// is appended, are its position `n`, its time `t` (nanoseconds since the journal started)
/// and its thread `th`; then `e`, what happened, and the event's own fields.
package struct JournalLine {
    private(set) var json = JSONWriter()

    package init(_ event: StaticString) {
        json.raw("\"e\":\"")
        json.raw(event)
        json.raw("\"")
    }

    private mutating func key(_ key: StaticString) {
        json.raw(",\"")
        json.raw(key)
        json.raw("\":")
    }

    package mutating func field(_ key: StaticString, _ value: Int) {
        self.key(key)
        json.number(Int64(value))
    }

    package mutating func field(_ key: StaticString, _ value: UInt64) {
        self.key(key)
        json.number(value)
    }

    package mutating func field(_ key: StaticString, _ value: Bool) {
        self.key(key)
        json.bool(value)
    }

    package mutating func field(_ key: StaticString, _ value: String) {
        self.key(key)
        json.string(value)
    }

    package mutating func field(_ key: StaticString, _ values: [String]) {
        self.key(key)
        json.array(values.count) { $0.quoted(values[$1]) }
    }

    /// A field whose value `write` writes.
    package mutating func field(_ key: StaticString, _ write: (inout JSONWriter) -> Void) {
        self.key(key)
        write(&json)
    }

    /// Writes the whole line, its first fields added, to `out`.
    func write(position: Int, time: UInt64, thread: Int, to out: inout JSONWriter) {
        out.raw("{\"n\":")
        out.number(Int64(position))
        out.raw(",\"t\":")
        out.number(time)
        out.raw(",\"th\":")
        out.number(Int64(thread))
        out.raw(",")
        out.raw(json)
        out.raw("}\n")
    }
}

/// One journal line under construction: a JSON object whose first fields, added when the line
/// is appended, are its position `n`, its time `t` (nanoseconds since the journal started)
/// and its thread `th`; then `e`, what happened, and the event's own fields.
package struct JournalLine: Sendable {
    private var text: String

    package init(_ event: String) {
        text = "\"e\":\"\(event)\""
    }

    package mutating func field(_ key: String, _ value: Int) { text += ",\"\(key)\":\(value)" }
    package mutating func field(_ key: String, _ value: UInt64) { text += ",\"\(key)\":\(value)" }
    package mutating func field(_ key: String, _ value: Bool) { text += ",\"\(key)\":\(value)" }
    package mutating func field(_ key: String, _ value: String) { text += ",\"\(key)\":" + JournalJSON.string(value) }
    package mutating func field(_ key: String, _ values: [String]) {
        text += ",\"\(key)\":[" + values.map(JournalJSON.string).joined(separator: ",") + "]"
    }
    /// A field whose value is JSON text already (`JournalJSON` makes it).
    package mutating func field(_ key: String, json: String) { text += ",\"\(key)\":" + json }

    func finished(position: Int, time: UInt64, thread: Int) -> String {
        "{\"n\":\(position),\"t\":\(time),\"th\":\(thread)," + text + "}"
    }
}

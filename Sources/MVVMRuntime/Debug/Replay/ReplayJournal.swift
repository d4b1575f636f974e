import Glibc

/// A journal read for replay: its lines parsed, each with whether replay has used it.
struct ReplayJournal {
    struct Entry {
        let position: Int
        let time: UInt64
        let event: String
        let json: JSON
        var used = false

        /// A host's call at the top level (not a handler's).
        var isTopLevelCall: Bool { event == "call" && (json["d"]?.int64 ?? 0) == 0 }
        var depth: Int { Int(json["d"]?.int64 ?? 0) }
    }

    let header: JSON
    var entries: [Entry]

    /// Reads the journal at `path`; the reason in words when it cannot be replayed.
    static func read(_ path: String) -> Result<ReplayJournal, ReplayValues.Unreadable> {
        guard let file = fopen(path, "r") else {
            return .failure(.init(message: "the journal \(path) cannot be opened (\(String(cString: strerror(errno))))"))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var entries: [Entry] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lineNumber += 1
            guard let json = JSON.parse(line), let event = json["e"]?.string else {
                return .failure(.init(message: "line \(lineNumber) of \(path) is not a journal line"))
            }
            entries.append(
                Entry(
                    position: Int(json["n"]?.int64 ?? Int64(lineNumber)), time: json["t"]?.uint64 ?? 0, event: event, json: json))
        }
        guard let first = entries.first, first.event == "header" else {
            return .failure(.init(message: "\(path) has no journal header line"))
        }
        guard first.json["mvvm_journal"]?.int64 == Int64(Journal.formatVersion) else {
            return .failure(
                .init(
                    message:
                        "\(path) is journal format \(first.json["mvvm_journal"]?.text ?? "?"); this library reads format \(Journal.formatVersion)"
                ))
        }
        return .success(ReplayJournal(header: first.json, entries: entries))
    }
}

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Tests/Support/placeholder_server.py` run with `python3` for one test class: started on an
/// ephemeral port, told what to do through its control endpoint, stopped at the end. The
/// server also exits by itself after 60 idle seconds, so a crashed test leaves nothing behind.
final class PlaceholderServer: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    /// "127.0.0.1:PORT", as the repository's messages name the server.
    var hostAndPort: String { "\(baseURL.host ?? ""):\(baseURL.port ?? 0)" }

    /// Starts the server and waits for the `PORT n` line it prints once listening.
    init(arguments: [String] = []) throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/placeholder_server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", script.path, "--idle-timeout", "60", "--max-lifetime", "600"]
            + arguments
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ServerError.noPort(String(decoding: line, as: UTF8.self)) }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        else { throw ServerError.noPort(text) }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Replaces the fault settings (see the server's `POST /_control`).
    func inject(_ settings: [String: Any]) async throws {
        try await post("_control", JSONSerialization.data(withJSONObject: settings))
    }

    /// The seeded data back, and no faults.
    func reset() async throws {
        try await post("_control/reset", Data())
    }

    /// How many data requests the server has answered (or dropped) so far.
    func dataRequests() async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("_control/stats"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["requests"] as? Int ?? -1
    }

    private func post(_ path: String, _ body: Data) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ServerError.control(path) }
    }

    enum ServerError: Error {
        case noPort(String)
        case control(String)
    }
}

import CMVVM
import Dispatch
import Glibc
import MVVMBindingCore
import Synchronization

/// The live viewer's socket (`mvvm_debug_serve()`): a Unix socket, mode 0600, made only when
/// the host asks, that answers "snapshot" (taken on the host thread, during its next dispatch)
/// and "tail N" (the journal's last lines) with one reply ending in a blank line. One thread
/// accepts and answers clients one at a time; `stop()` (shutdown) closes and removes it.
final class InspectorServer: Sendable {
    let path: String
    /// `path` as `mvvm_debug_serve()` hands it out: freed when the server stops (shutdown).
    nonisolated(unsafe) let cPath: UnsafeMutablePointer<CChar>
    private let descriptor: Int32
    private let stopped = Atomic<Bool>(false)
    nonisolated(unsafe) private(set) static var current: InspectorServer?

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.cPath = strdup(path)!
        self.descriptor = descriptor
    }

    deinit { free(cPath) }

    /// Serves at `path`, or the default place; the reason in words when it cannot.
    @MainActor
    static func start(at requested: String?) throws(APIError) -> InspectorServer {
        if let current { return current }
        let path: String
        if let requested { path = requested } else { path = try defaultPath() }
        guard path.utf8.count < 108 else { throw APIError(MVVM_E_SYSTEM, "The socket path \(path) is longer than a Unix socket's 107 bytes.") }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw systemError("socket()") }
        unlink(path)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        // Mode 0600 from the start: no moment at which another user could connect.
        let previous = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(previous)
        guard bound == 0, listen(descriptor, 4) == 0 else {
            let error = systemError("binding \(path)")
            close(descriptor)
            throw error
        }
        chmod(path, 0o600)
        let server = InspectorServer(path: path, descriptor: descriptor)
        current = server
        let thread = DispatchQueue(label: "mvvm.inspector")
        thread.async { server.serve() }
        return server
    }

    /// `$XDG_RUNTIME_DIR/mvvm-PID.sock`, else `/tmp/mvvm-UID/mvvm-PID.sock` (that folder made
    /// mode 0700, and refused when it is not the user's own).
    private static func defaultPath() throws(APIError) -> String {
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
            return "\(runtime)/mvvm-\(getpid()).sock"
        }
        let folder = "/tmp/mvvm-\(getuid())"
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw systemError("making \(folder)") }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_uid == getuid(), status.st_mode & S_IFMT == S_IFDIR,
            status.st_mode & 0o077 == 0
        else {
            throw APIError(MVVM_E_SYSTEM, "\(folder) is not a folder of this user's with mode 0700: name a socket path instead.")
        }
        return "\(folder)/mvvm-\(getpid()).sock"
    }

    private static func systemError(_ what: String) -> APIError {
        APIError(MVVM_E_SYSTEM, "The inspector's socket could not be made (\(what): \(String(cString: strerror(errno)))).")
    }

    /// Closes and removes the socket (shutdown).
    static func stop() {
        guard let server = current else { return }
        current = nil
        server.stopped.store(true, ordering: .relaxed)
        shutdown(server.descriptor, Int32(SHUT_RDWR))
        close(server.descriptor)
        unlink(server.path)
    }

    private func serve() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            answer(client)
            close(client)
        }
    }

    private func answer(_ client: Int32) {
        var request: [UInt8] = []
        var byte: UInt8 = 0
        while request.count < 256, read(client, &byte, 1) == 1, byte != UInt8(ascii: "\n") { request.append(byte) }
        let words = String(decoding: request, as: UTF8.self).split(separator: " ")
        var reply: String
        switch words.first {
        case "snapshot": reply = snapshot() ?? "error: the host thread did not dispatch within 5 seconds"
        case "tail":
            let count = words.count > 1 ? Int(words[1]) ?? 50 : 50
            reply = Journal.current.map { $0.tail(count).joined(separator: "\n") } ?? "error: no journal is being written"
        default: reply = "error: ask \"snapshot\" or \"tail N\""
        }
        reply += "\n\n"
        _ = reply.withCString { write(client, $0, strlen($0)) }
    }

    /// A snapshot taken on the host thread, during its next dispatch.
    private func snapshot() -> String? {
        let result = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        MainQueue.async {
            let json: String? = HostThread.isCurrent ? MainActor.assumeIsolated { Runtime.current.map(Snapshot.json(of:)) } : nil
            result.withLock { $0 = json }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else { return nil }
        return result.withLock { $0 } ?? "error: no runtime is running"
    }
}

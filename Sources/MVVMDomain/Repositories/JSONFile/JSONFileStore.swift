import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and atomically replaces one JSON file holding a `Value`.
///
/// Writes never leave a half-written file: the data goes to a temporary file in the same
/// directory, which is flushed to disk (`fsync`), renamed over the target (atomic on POSIX
/// file systems), and then the directory is flushed so the rename itself survives a crash.
/// Foundation's `.atomic` option renames but does not `fsync`, hence the system calls here.
///
/// Output is deterministic (sorted keys, pretty printed, ISO 8601 dates, a final newline), so
/// the same value always produces the same bytes and the file diffs well. Dates keep whole
/// seconds only.
///
/// The store has no state of its own and does not serialise callers; its owner (an actor)
/// must make sure only one write runs at a time.
public struct JSONFileStore<Value: Codable>: Sendable {
    /// The file read and written.
    public let fileURL: URL

    /// A store for the file at `fileURL`, which must be a `file:` URL. The file need not
    /// exist; its directory is created on the first save if missing.
    public init(fileURL: URL) {
        precondition(fileURL.isFileURL, "JSONFileStore needs a file URL, got \(fileURL)")
        self.fileURL = fileURL.standardizedFileURL
        path = self.fileURL.path
        directoryPath = self.fileURL.deletingLastPathComponent().path
        temporaryNamePrefix = ".\(self.fileURL.lastPathComponent)."
        temporaryPathPrefix = Directory.path(of: temporaryNamePrefix, in: directoryPath)
    }

    /// The file's path, as used in error messages.
    public let path: String
    /// The folder holding the file (and the temporary files of writes).
    private let directoryPath: String
    /// How the names of this file's temporary files start: ".<name>."; a UUID and ".tmp"
    /// follow.
    private let temporaryNamePrefix: String
    /// `temporaryNamePrefix` inside `directoryPath`.
    private let temporaryPathPrefix: String

    // MARK: Reading

    /// The value stored in the file, or `nil` if the file does not exist.
    ///
    /// - Throws: `DomainError.corruptStore` when the file exists but cannot be read or does
    ///   not decode as `Value`. The file is not touched.
    public func load() throws(DomainError) -> Value? {
        try loadWithIdentity().value
    }

    /// The value stored in the file and the identity of the file it was read from (both
    /// `nil` when there is no file), as `load()`. The identity is taken from the open file,
    /// so it belongs to the bytes read even when another writer replaces the file meanwhile.
    func loadWithIdentity() throws(DomainError) -> (value: Value?, identity: FileIdentity?) {
        guard let (data, identity) = try readContents() else { return (nil, nil) }
        guard !data.isEmpty else { throw .corruptStore(path: path, reason: "the file is empty") }
        do {
            return (try Self.makeDecoder().decode(Value.self, from: data), identity)
        } catch {
            throw .corruptStore(path: path, reason: Self.describe(decodingError: error))
        }
    }

    /// The file's bytes and identity, or `nil` if there is no file.
    private func readContents() throws(DomainError) -> (Data, FileIdentity?)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .corruptStore(
                path: path, reason: "the file could not be opened: \(Self.text(code))")
        }
        defer { close(descriptor) }
        let identity = FileIdentity(descriptor: descriptor)

        var contents = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let (count, code) = buffer.withUnsafeMutableBytes { bytes in
                let count = read(descriptor, bytes.baseAddress, bytes.count)
                return (count, errno)
            }
            if count > 0 {
                contents.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return (contents, identity)
            } else if code != EINTR {
                throw .corruptStore(
                    path: path, reason: "the file could not be read: \(Self.text(code))")
            }
        }
    }

    // MARK: Writing

    /// Atomically replaces the file's contents with `value`.
    ///
    /// - Throws: `DomainError.storageFailure` when encoding or any step of the write fails.
    ///   Up to the rename the old file is untouched and the temporary file is removed. Only if
    ///   flushing the directory after the rename fails is the new content already in place
    ///   (though perhaps not yet durable); the error says so.
    public func save(_ value: Value) throws(DomainError) {
        try save(encodedBy: { try Self.encode(value) })
    }

    /// Atomically replaces the file's contents with the bytes `encode` returns, for an owner
    /// that produces `save(_:)`'s bytes for its value more cheaply itself (reusing the
    /// unchanged parts of its previous save, say). The store writes them as they are.
    ///
    /// - Throws: `DomainError.storageFailure` when `encode` throws or a step of the write
    ///   fails, with the guarantees of `save(_:)`.
    public func save(encodedBy encode: () throws -> Data) throws(DomainError) {
        _ = try replace(encodedBy: encode)
    }

    /// `save(encodedBy:)`, returning the identity of the file written, taken before any
    /// other writer can replace it.
    func replace(encodedBy encode: () throws -> Data) throws(DomainError) -> FileIdentity? {
        try place(encodedBy: encode, placement: .replace).identity
    }

    /// Writes the bytes `encode` returns as the file only if there is no file at the path yet
    /// (placed with `link(2)`, which never replaces one another process created meanwhile).
    /// Returns whether ours was placed (`false` leaves the other file as it is) and, if so,
    /// its identity.
    ///
    /// - Throws: `DomainError.storageFailure` as `save(encodedBy:)`.
    func create(encodedBy encode: () throws -> Data) throws(DomainError) -> (placed: Bool, identity: FileIdentity?) {
        try place(encodedBy: encode, placement: .createOnly)
    }

    /// How a write puts its temporary file in place.
    private enum Placement {
        /// `rename(2)` over whatever is there.
        case replace
        /// `link(2)`: only where there is no file.
        case createOnly
    }

    private func place(
        encodedBy encode: () throws -> Data, placement: Placement
    ) throws(DomainError) -> (placed: Bool, identity: FileIdentity?) {
        let data: Data
        do {
            data = try encode()
        } catch {
            throw .storageFailure(path: path, reason: "the data could not be encoded: \(error)")
        }
        return try writeContents(data, placement: placement)
    }

    /// The bytes `save(_:)` writes for `value`.
    static func encode(_ value: Value) throws -> Data {
        var data = try makeEncoder().encode(value)
        data.append(UInt8(ascii: "\n"))  // a text file ends with a newline
        return data
    }

    private func writeContents(
        _ data: Data, placement: Placement
    ) throws(DomainError) -> (placed: Bool, identity: FileIdentity?) {
        // Same directory as the target, so the rename never crosses file systems; hidden and
        // uniquely named, so concurrent writers and directory listings ignore it.
        // The temporary file stays locked (flock, on a duplicate of the writing descriptor so
        // that the writing one can be closed and checked before the rename while the lock,
        // which belongs to the shared open file, lives on) until it has been renamed, so
        // `removeAbandonedTemporaryFiles` can tell a crashed writer's leftover from a write in
        // progress.
        var temporaryPath = ""
        var descriptor: Int32 = -1
        var lock: Int32 = -1
        var createdDirectory = false
        for attempt in 1...TemporaryFileAttempts.limit {
            // Built as a string: URL's appendingPathComponent would stat the new path.
            temporaryPath = temporaryPathPrefix + Self.randomUUIDString() + ".tmp"
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            // The directory is created only when missing, rather than checked on every save.
            if descriptor < 0, errno == ENOENT, !createdDirectory {
                try createDirectory()
                createdDirectory = true
                descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            }
            guard descriptor >= 0 else {
                throw failure("a temporary file could not be created", code: errno)
            }
            lock = Self.lockExclusively(descriptor)
            // A cleaner may have taken the file for abandoned between its creation and the
            // lock, and removed it: then start again with a new one.
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_nlink == 0, attempt < TemporaryFileAttempts.limit {
                close(descriptor)
                if lock >= 0 { close(lock) }
                continue
            }
            break
        }
        defer { if lock >= 0 { close(lock) } }
        if let code = Self.writeAll(data, to: descriptor) {
            close(descriptor)
            unlink(temporaryPath)
            throw failure("writing failed", code: code)
        }
        if Self.flush(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporaryPath)
            throw failure("flushing to disk failed", code: code)
        }
        // close can report a deferred write error (on NFS, for example).
        if close(descriptor) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw failure("closing the temporary file failed", code: code)
        }
        switch placement {
        case .replace:
            if rename(temporaryPath, path) != 0 {
                let code = errno
                unlink(temporaryPath)
                throw failure("replacing the file failed", code: code)
            }
        case .createOnly:
            let placed = link(temporaryPath, path) == 0
            let code = errno
            unlink(temporaryPath)
            if !placed {
                if code == EEXIST { return (false, nil) }
                throw failure("putting the new file in place failed", code: code)
            }
        }
        try syncDirectory()
        // Read through the lock, which cooperating writers wait for: no other write can have
        // replaced the file yet.
        let identity = lock >= 0 ? FileIdentity(descriptor: lock) : FileIdentity(path: path)
        return (true, identity)
    }

    /// Creates the file's directory and any missing parent.
    private func createDirectory() throws(DomainError) {
        if let reason = Directory.create(directoryPath) {
            throw .storageFailure(path: path, reason: "its directory could not be created: \(reason)")
        }
    }

    /// A random (version 4) UUID as text. Drawn from the system generator (`getrandom` on
    /// Linux) rather than `UUID()`, which opens, reads and closes /dev/urandom every time.
    private static func randomUUIDString() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: generator.next() as UInt64, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: generator.next() as UInt64, toByteOffset: 8, as: UInt64.self)
            raw[6] = raw[6] & 0x0F | 0x40  // version 4
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
        }
        return UUID(uuid: bytes).uuidString
    }

    /// A descriptor holding an exclusive flock on the file open as `writing`, or -1 where
    /// locks are unsupported (the write goes ahead unlocked; the cleaner cannot lock such files
    /// either, so it leaves them alone).
    private static func lockExclusively(_ writing: Int32) -> Int32 {
        // A duplicate, not a second open() of the path: no path lookup, and the flock is the
        // open file's, so it is held until the last of the two descriptors closes.
        let descriptor = fcntl(writing, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else { return -1 }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR {
                close(descriptor)
                return -1
            }
        }
        return descriptor
    }

    /// Removes the temporary files (".<name>.<UUID>.tmp") that writers killed between creating
    /// and renaming them left behind. A file some writer is still working on is locked and
    /// kept. Best effort: failures are ignored. Returns how many files were removed.
    @discardableResult
    public func removeAbandonedTemporaryFiles() -> Int {
        let prefix = temporaryNamePrefix
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directoryPath)
        else {
            return 0
        }
        var removed = 0
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard UUID(uuidString: String(middle)) != nil else { continue }
            let temporaryPath = Directory.path(of: name, in: directoryPath)
            let descriptor = open(temporaryPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            // Locked: a writer is at work. Unlocked: its writer died (or just renamed it, in
            // which case the name is gone and unlink fails harmlessly).
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(temporaryPath) == 0 { removed += 1 }
        }
        return removed
    }

    /// Flushes the directory entry of the rename.
    private func syncDirectory() throws(DomainError) {
        let descriptor = open(directoryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure(
                "the new content is in place, but its directory could not be opened to flush it",
                code: errno)
        }
        defer { close(descriptor) }
        if Self.flush(descriptor) != 0 {
            throw failure(
                "the new content is in place, but flushing its directory failed", code: errno)
        }
    }

    /// Forces `descriptor`'s data to stable storage. On Darwin `fsync` stops at the drive's
    /// cache, so ask for `F_FULLFSYNC` first, as SQLite does.
    private static func flush(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }

    /// Writes all of `data`, retrying short and interrupted writes. Returns the `errno` of a
    /// failure, or `nil` on success.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    return code
                }
                offset += written
            }
            return nil
        }
    }

    private func failure(_ step: String, code: Int32) -> DomainError {
        .storageFailure(path: path, reason: "\(step): \(Self.text(code))")
    }

    // MARK: Coding

    /// The encoder of the file's format; `JSONStoreSnapshotEncoder` encodes records with it.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The system's message for `errno` value `code`.
    private static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// A short explanation of why decoding failed, naming where in the document.
    private static func describe(decodingError error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func location(_ path: [any CodingKey]) -> String {
            guard !path.isEmpty else { return "the top level" }
            return path.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
        }
        switch error {
        case let .dataCorrupted(context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return "\(context.debugDescription)\(underlying) at \(location(context.codingPath))"
        case let .keyNotFound(key, context):
            return "the key \"\(key.stringValue)\" is missing at \(location(context.codingPath))"
        case let .typeMismatch(type, context):
            return "expected \(type) at \(location(context.codingPath))"
        case let .valueNotFound(type, context):
            return "expected \(type) but found null at \(location(context.codingPath))"
        @unknown default:
            return "\(error)"
        }
    }
}

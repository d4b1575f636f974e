import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock(2)` on the file at a path, held by writers that replace the file by
/// renaming a new one over it (as `JSONFileStore` does), so that writers in several
/// processes take turns: read, change and write happen under one lock, and no writer's
/// update is lost.
///
/// The lock belongs to the file, not the path: a writer that renames a new file into place
/// leaves waiting writers holding the lock of a file that is no longer there. So the lock is
/// taken, then checked to be the lock of the file the path names now, and taken again on
/// the new file when it is not.
///
/// Advisory: programs that do not take it (a person's editor) are not stopped; the owner
/// notices their changes through `identity` instead.
struct FileWriteLock: ~Copyable {
    /// The locked file as it is now (under the lock, only other programs can change it).
    let identity: FileIdentity
    private let descriptor: Int32

    /// How long `acquire` waits for another writer before it gives up.
    static let defaultWait: Duration = .seconds(5)

    /// Locks the file at `path`; `nil` when there is no file there (nothing to lock: a
    /// missing file is created with `link(2)`, which never replaces another's).
    ///
    /// - Throws: `DomainError.storageFailure` when the file cannot be opened, or another
    ///   process holds the lock for longer than `wait` (naming it where the system tells).
    static func acquire(path: String, wait: Duration = defaultWait) throws(DomainError) -> FileWriteLock? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        var pause = Duration.microseconds(100)
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                if code == ENOENT { return nil }
                throw .storageFailure(path: path, reason: "the file could not be opened to lock it: \(String(cString: strerror(code)))")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR || code == EWOULDBLOCK {
                    if clock.now >= deadline {
                        let holder = FileIdentity(descriptor: descriptor).flatMap(Self.holder(of:)) ?? ""
                        close(descriptor)
                        throw .storageFailure(
                            path: path,
                            reason:
                                "another process\(holder) has held the file's write lock for more than \(Self.seconds(wait)); try again when it is done"
                        )
                    }
                    close(descriptor)
                    // On the store's own thread (never the host's), as SQLite's busy wait.
                    usleep(UInt32(pause.components.attoseconds / 1_000_000_000_000))
                    pause = min(pause * 2, .milliseconds(10))
                    continue
                }
                // Locks unsupported here (some network file systems): write unlocked, as
                // every writer there must.
            }
            // The path may name a newer file now: then this lock guards nothing.
            if let locked = FileIdentity(descriptor: descriptor) {
                if let current = FileIdentity(path: path), current.isSameFile(as: locked) {
                    return FileWriteLock(identity: current, descriptor: descriptor)
                }
            }
            close(descriptor)
        }
    }

    private init(identity: FileIdentity, descriptor: Int32) {
        self.identity = identity
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    private static func seconds(_ wait: Duration) -> String {
        let whole = wait.components.seconds
        return whole == 1 ? "1 second" : "\(whole) seconds"
    }

    /// " (pid 123, python3)" for the process holding an flock on `file`, from /proc/locks,
    /// or nil where that cannot be told.
    private static func holder(of file: FileIdentity) -> String? {
        guard let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        // "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF": pid, then major:minor:inode.
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int(fields[4]),
                file.matches(procLocksDevice: fields[5])
            else { continue }
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                .split(separator: "\n").first.map(String.init)
            return name.map { " (pid \(pid), \($0))" } ?? " (pid \(pid))"
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names and which version of it: device, inode, size, and the times of its
/// last content and metadata changes. Two identities are equal when nothing wrote to the file,
/// replaced it or truncated it in between, as far as the file system can tell (the times have
/// the file system's granularity, as every editor's "changed on disk" check does).
///
/// The stores use it to notice what another process or a person did to their file: the JSON
/// store re-reads a file that changed since it read or wrote it, and both stores keep refusing
/// a file they found damaged until it is replaced.
struct FileIdentity: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int64
    private let modified: timespec
    private let changed: timespec

    /// The identity of the file at `path` now, or `nil` when there is none (or it cannot be
    /// examined).
    init?(path: String) {
        guard case let .found(identity) = Self.lookUp(path: path) else { return nil }
        self = identity
    }

    /// What is at a path: a file, nothing, or something `stat` cannot examine (a folder on
    /// the way is not a folder, permission denied).
    enum Lookup: Equatable {
        case found(FileIdentity)
        case missing
        case unexaminable
    }

    /// What is at `path` now.
    static func lookUp(path: String) -> Lookup {
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT ? .missing : .unexaminable }
        return .found(FileIdentity(status))
    }

    /// The identity of the open file `descriptor`, or `nil` when `fstat` fails.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
        modified = status.st_mtimespec
        changed = status.st_ctimespec
        #else
        modified = status.st_mtim
        changed = status.st_ctim
        #endif
    }

    /// Whether both name the same file (device and inode), whatever its contents.
    func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }

    /// Whether `field`, a "major:minor:inode" column of /proc/locks (major and minor in hex),
    /// names this file.
    func matches(procLocksDevice field: Substring) -> Bool {
        let parts = field.split(separator: ":")
        guard parts.count == 3, let major = UInt64(parts[0], radix: 16),
            let minor = UInt64(parts[1], radix: 16), let number = UInt64(parts[2])
        else { return false }
        // Linux's dev_t: the major number in bits 8-19 and 32-43, the minor in 0-7 and 20-31.
        let ownMajor = (device >> 8) & 0xFFF | (device >> 32) & ~0xFFF
        let ownMinor = device & 0xFF | (device >> 12) & ~0xFF
        return number == inode && major == ownMajor && minor == ownMinor
    }

    static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
        lhs.isSameFile(as: rhs) && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}

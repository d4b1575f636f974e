import Foundation
import XCTest

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("MVVMDomainTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// Every entry in the directory, hidden ones included, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Deletes the directory and everything in it, first making it writable again in case a
    /// test took write permission away.
    func remove() {
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }

    /// Whether this process ignores file permissions (root does), which makes
    /// permission-based failures impossible to provoke.
    static var permissionsAreEnforced: Bool { geteuid() != 0 }
}

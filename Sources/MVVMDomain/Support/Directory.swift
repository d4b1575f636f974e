#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders the stores create for their files, with `mkdir(2)` (FoundationEssentials'
/// `FileManager` reports a failure as a `CocoaError` whose message needs corelibs Foundation),
/// and paths inside them.
enum Directory {
    /// Creates the folder at `path` and any missing parent (as `mkdir -p`); an existing folder
    /// is fine.
    ///
    /// - Returns: `nil` on success, else the system's reason, naming the folder that could not
    ///   be made when it is not `path` itself.
    static func create(_ path: String) -> String? {
        var parents: [String] = []
        var current = path
        while true {
            if mkdir(current, 0o755) == 0 || errno == EEXIST && isDirectory(current) { break }
            let code = errno
            guard code == ENOENT, let parent = Self.parent(of: current) else {
                return reason(code, folder: current, asked: path)
            }
            parents.append(current)
            current = parent
        }
        for folder in parents.reversed() where mkdir(folder, 0o755) != 0 {
            let code = errno
            guard code == EEXIST, isDirectory(folder) else { return reason(code, folder: folder, asked: path) }
        }
        return nil
    }

    /// The path of `name` inside `directory`, joined as a string (`URL`'s
    /// `appendingPathComponent` would stat the new path).
    static func path(of name: String, in directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The folder holding `path`, or nil for the root and for a bare name.
    private static func parent(of path: String) -> String? {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? (trimmed == "/" ? nil : "/") : String(parent)
    }

    private static func reason(_ code: Int32, folder: String, asked: String) -> String {
        let text = code == EEXIST ? "a file that is not a folder is in the way" : String(cString: strerror(code))
        return folder == asked ? text : "\(folder): \(text)"
    }
}

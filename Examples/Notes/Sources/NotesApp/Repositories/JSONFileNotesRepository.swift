import FoundationEssentials

/// Notes in one JSON file, rewritten whole on every change by an atomic replace: a save that
/// fails, to encode or to write, leaves the old file and the store's notes as they were. It
/// answers at once, on the main actor: one person's notes are small enough to write while the
/// host waits (the seeds' `JSONFileRepository` writes a bigger store on its own queue).
@MainActor
public final class JSONFileNotesRepository: NotesRepository {
    /// The file's content.
    private struct Contents: Codable {
        var lastID: Int
        var notes: [Note]
    }

    public let fileURL: URL
    private var contents: Contents

    /// Opens the store at `fileURL`: reads it when it exists, else starts empty (the file is
    /// written on the first save). A file that cannot be read or decoded is refused.
    public init(fileURL: URL) throws(NotesStoreError) {
        self.fileURL = fileURL
        guard FileManager.default.fileExists(atPath: fileURL.path) else {
            contents = Contents(lastID: 0, notes: [])
            return
        }
        do {
            contents = try JSONDecoder().decode(Contents.self, from: Data(contentsOf: fileURL))
        } catch {
            throw .file("The notes file \(fileURL.path) cannot be read: \(error).")
        }
    }

    @MainActor public func allNotes() async throws -> [Note] { contents.notes }

    @MainActor public func save(_ note: Note) async throws -> Note {
        var next = contents
        var stored = note
        if stored.id == 0 {
            next.lastID += 1
            stored.id = next.lastID
            next.notes.append(stored)
        } else if let index = next.notes.firstIndex(where: { $0.id == stored.id }) {
            next.notes[index] = stored
        } else {
            throw NotesStoreError.notFound(stored.id)
        }
        try write(next)
        return stored
    }

    @MainActor public func delete(id: Note.ID) async throws {
        var next = contents
        guard let index = next.notes.firstIndex(where: { $0.id == id }) else { throw NotesStoreError.notFound(id) }
        next.notes.remove(at: index)
        try write(next)
    }

    /// Replaces the file with `next`, then adopts it; on failure neither changes.
    private func write(_ next: Contents) throws(NotesStoreError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            data = try encoder.encode(next)
        } catch {
            throw .file("The notes cannot be encoded: \(error).")
        }
        do {
            try data.write(to: fileURL, options: .atomic)
        } catch {
            throw .file("The notes file \(fileURL.path) cannot be written: \(error).")
        }
        contents = next
    }
}

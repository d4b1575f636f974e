import FoundationEssentials
import XCTest
@testable import NotesApp

/// The file store: what it writes survives a reopen; a failed save leaves the old file and the
/// store's notes as they were; a corrupt file is refused.
@MainActor
final class JSONFileNotesRepositoryTests: XCTestCase {
    private var folder: URL!

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var file: URL { folder.appendingPathComponent("notes.json") }

    func test_savedAndDeletedNotes_areWhatAReopenedStoreReads() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        let first = try store.save(Note(title: "one", updatedAt: 1))
        let second = try store.save(Note(title: "two", updatedAt: 2))
        try store.delete(id: first.id)
        var edited = second
        edited.pinned = true
        _ = try store.save(edited)

        let reopened = try JSONFileNotesRepository(fileURL: file)
        XCTAssertEqual(try reopened.allNotes(), [edited])
        XCTAssertEqual(try reopened.save(Note(title: "three")).id, 3, "ids are never reused")
    }

    func test_aStoreOverAMissingFile_startsEmpty_andWritesNothingUntilASave() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        XCTAssertEqual(try store.allNotes(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func test_aSaveThatCannotBeEncoded_leavesTheOldFileAndTheNotes() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        _ = try store.save(Note(title: "kept", updatedAt: 1))
        let before = try Data(contentsOf: file)

        XCTAssertThrowsError(try store.save(Note(title: "bad", updatedAt: .nan))) { error in
            guard case .file(let message)? = error as? NotesStoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("The notes cannot be encoded"), message)
        }
        XCTAssertEqual(try Data(contentsOf: file), before)
        XCTAssertEqual(try store.allNotes().map(\.title), ["kept"])
    }

    func test_aSaveThatCannotBeWritten_leavesWhatIsAtThePathAndTheNotes() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        _ = try store.save(Note(title: "kept", updatedAt: 1))
        // A folder (not empty) where the file was: the atomic replace's rename onto it fails.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let inside = file.appendingPathComponent("inside")
        try Data("x".utf8).write(to: inside)

        XCTAssertThrowsError(try store.save(Note(title: "lost"))) { error in
            guard case .file(let message)? = error as? NotesStoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("The notes file \(self.file.path) cannot be written"), message)
        }
        XCTAssertEqual(try Data(contentsOf: inside), Data("x".utf8))
        XCTAssertEqual(try store.allNotes().map(\.title), ["kept"])
    }

    func test_aCorruptFile_isRefusedWithItsPath() async throws {
        try Data("{ not json".utf8).write(to: file)
        XCTAssertThrowsError(try JSONFileNotesRepository(fileURL: file)) { error in
            guard case .file(let message)? = error as? NotesStoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains(self.file.path), message)
        }
    }

    func test_deletingOrSavingAMissingNote_isNotFound() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        XCTAssertThrowsError(try store.delete(id: 4)) { XCTAssertEqual($0 as? NotesStoreError, .notFound(4)) }
        XCTAssertThrowsError(try store.save(Note(id: 4, title: "x"))) { XCTAssertEqual($0 as? NotesStoreError, .notFound(4)) }
    }
}

import FoundationEssentials
import MVVMTestSupport
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
        let first = try await store.save(Note(title: "one", updatedAt: 1))
        let second = try await store.save(Note(title: "two", updatedAt: 2))
        try await store.delete(id: first.id)
        var edited = second
        edited.pinned = true
        _ = try await store.save(edited)

        let reopened = try JSONFileNotesRepository(fileURL: file)
        let read = try await reopened.allNotes()
        XCTAssertEqual(read, [edited])
        let third = try await reopened.save(Note(title: "three"))
        XCTAssertEqual(third.id, 3, "ids are never reused")
    }

    func test_aStoreOverAMissingFile_startsEmpty_andWritesNothingUntilASave() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        let read = try await store.allNotes()
        XCTAssertEqual(read, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func test_aSaveThatCannotBeEncoded_leavesTheOldFileAndTheNotes() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        _ = try await store.save(Note(title: "kept", updatedAt: 1))
        let before = try Data(contentsOf: file)

        let error = await errorThrown { try await store.save(Note(title: "bad", updatedAt: .nan)) }
        if case .file(let message)? = error as? NotesStoreError {
            XCTAssertTrue(message.hasPrefix("The notes cannot be encoded"), message)
        } else {
            XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(try Data(contentsOf: file), before)
        let read = try await store.allNotes()
        XCTAssertEqual(read.map(\.title), ["kept"])
    }

    func test_aSaveThatCannotBeWritten_leavesWhatIsAtThePathAndTheNotes() async throws {
        let store = try JSONFileNotesRepository(fileURL: file)
        _ = try await store.save(Note(title: "kept", updatedAt: 1))
        // A folder (not empty) where the file was: the atomic replace's rename onto it fails.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let inside = file.appendingPathComponent("inside")
        try Data("x".utf8).write(to: inside)

        let error = await errorThrown { try await store.save(Note(title: "lost")) }
        if case .file(let message)? = error as? NotesStoreError {
            XCTAssertTrue(message.hasPrefix("The notes file \(file.path) cannot be written"), message)
        } else {
            XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(try Data(contentsOf: inside), Data("x".utf8))
        let read = try await store.allNotes()
        XCTAssertEqual(read.map(\.title), ["kept"])
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
        let deleteError = await errorThrown { try await store.delete(id: 4) }
        XCTAssertEqual(deleteError as? NotesStoreError, .notFound(4))
        let saveError = await errorThrown { try await store.save(Note(id: 4, title: "x")) }
        XCTAssertEqual(saveError as? NotesStoreError, .notFound(4))
    }
}

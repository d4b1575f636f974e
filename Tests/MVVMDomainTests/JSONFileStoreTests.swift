import Foundation
import MVVMDomain
import Synchronization
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class JSONFileStoreTests: TemporaryDirectoryTestCase {
    private struct Note: Codable, Equatable {
        var title: String
        var tags: [String]
        var written: Date
    }

    private let note = Note(
        title: "Hello", tags: ["b", "a"], written: Date(timeIntervalSince1970: 1_704_067_200))
    private func makeStore(_ name: String = "note.json") -> JSONFileStore<Note> {
        JSONFileStore(fileURL: directory.file(name))
    }

    func test_load_returnsNil_whenTheFileDoesNotExist() throws {
        XCTAssertNil(try makeStore().load())
    }

    func test_saveThenLoad_roundTripsTheValue() throws {
        let store = makeStore()
        try store.save(note)
        XCTAssertEqual(try store.load(), note)
        XCTAssertEqual(try makeStore().load(), note, "a second store on the path reads it too")
    }

    func test_save_replacesThePreviousContent() throws {
        let store = makeStore()
        try store.save(note)
        var changed = note
        changed.title = "Changed"
        try store.save(changed)
        XCTAssertEqual(try store.load(), changed)
    }

    func test_save_writesSortedPrettyPrintedJSON_identicallyEveryTime() throws {
        let store = makeStore()
        try store.save(note)
        let first = try Data(contentsOf: store.fileURL)
        try store.save(note)
        let second = try Data(contentsOf: store.fileURL)

        XCTAssertEqual(first, second)
        let text = String(decoding: first, as: UTF8.self)
        XCTAssertEqual(
            text,
            """
            {
              "tags" : [
                "b",
                "a"
              ],
              "title" : "Hello",
              "written" : "2024-01-01T00:00:00Z"
            }

            """)
    }

    func test_save_leavesNoTemporaryFilesBehind() throws {
        let store = makeStore()
        for index in 0..<5 {
            var next = note
            next.title = "Version \(index)"
            try store.save(next)
        }
        XCTAssertEqual(try directory.entries(), ["note.json"])
    }

    func test_save_createsAMissingDirectory() throws {
        let store = makeStore("nested/deeper/note.json")
        try store.save(note)
        XCTAssertEqual(try store.load(), note)
    }

    func test_saveEncodedBy_writesTheGivenBytesAsTheyAre() throws {
        let store = makeStore("nested/note.json")
        let bytes = Data("{\n  \"title\" : \"Given\"\n}\n".utf8)
        try store.save(encodedBy: { bytes })
        XCTAssertEqual(try Data(contentsOf: store.fileURL), bytes)
        XCTAssertEqual(try directory.entries(), ["nested"], "no temporary file left")
    }

    func test_saveEncodedBy_whenEncodingThrows_throwsStorageFailure_andKeepsTheOldFile() throws {
        struct Refused: Error {}
        let store = makeStore()
        try store.save(note)
        let before = try Data(contentsOf: store.fileURL)

        XCTAssertThrowsError(try store.save(encodedBy: { throw Refused() })) { error in
            guard case let .storageFailure(path, reason)? = error as? DomainError else {
                return XCTFail("expected storageFailure, got \(error)")
            }
            XCTAssertEqual(path, store.path)
            XCTAssertTrue(reason.hasPrefix("the data could not be encoded"), reason)
        }
        XCTAssertEqual(try Data(contentsOf: store.fileURL), before)
        XCTAssertEqual(try directory.entries(), ["note.json"])
    }

    func test_saveIntoAFolderThatCannotBeCreated_throwsStorageFailure() throws {
        // A dangling symbolic link where the folder should be: opening a file in it fails
        // with ENOENT, and creating it fails because the name is taken, even for root.
        let link = directory.file("gone")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: directory.file("missing/deeper").path)
        let store = JSONFileStore<Note>(fileURL: link.appendingPathComponent("note.json"))

        XCTAssertThrowsError(try store.save(note)) { error in
            guard case let .storageFailure(_, reason)? = error as? DomainError else {
                return XCTFail("expected storageFailure, got \(error)")
            }
            XCTAssertTrue(reason.hasPrefix("its directory could not be created"), reason)
        }
    }

    func test_load_ofInvalidJSON_throwsCorruptStore_andLeavesTheBytesAlone() throws {
        let store = makeStore()
        let garbage = Data("{ this is not json".utf8)
        try garbage.write(to: store.fileURL)

        XCTAssertThrowsError(try store.load()) { error in
            guard case let .corruptStore(path, reason)? = error as? DomainError else {
                return XCTFail("expected corruptStore, got \(error)")
            }
            XCTAssertEqual(path, store.path)
            XCTAssertFalse(reason.isEmpty)
        }
        XCTAssertEqual(try Data(contentsOf: store.fileURL), garbage)
    }

    func test_load_ofAnEmptyFile_saysTheFileIsEmpty() throws {
        let store = makeStore()
        try Data().write(to: store.fileURL)
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertEqual(
                error as? DomainError, .corruptStore(path: store.path, reason: "the file is empty"))
        }
    }

    func test_load_ofTheWrongShape_namesTheMissingKey() throws {
        let store = makeStore()
        let missingTags = #"{"title": "Hi", "written": "2024-01-01T00:00:00Z"}"#
        try Data(missingTags.utf8).write(to: store.fileURL)
        XCTAssertThrowsError(try store.load()) { error in
            guard case let .corruptStore(_, reason)? = error as? DomainError else {
                return XCTFail("expected corruptStore, got \(error)")
            }
            XCTAssertTrue(reason.contains("\"tags\""), reason)
        }
    }

    func test_load_ofAnUnreadablePath_throwsCorruptStore() throws {
        // A directory where the file should be: opening works, reading fails with EISDIR,
        // even for root (who ignores permission bits).
        let store = makeStore()
        try FileManager.default.createDirectory(
            at: store.fileURL, withIntermediateDirectories: false)
        XCTAssertThrowsError(try store.load()) { error in
            guard case let .corruptStore(_, reason)? = error as? DomainError else {
                return XCTFail("expected corruptStore, got \(error)")
            }
            XCTAssertTrue(reason.hasPrefix("the file could not be read"), reason)
        }
    }

    func test_failedSave_keepsTheOldFile_andLeavesNoTemporaryFile() throws {
        // Root ignores permission bits, so make creating the temporary file fail another
        // way: its name (".<name>.<UUID>.tmp") exceeds NAME_MAX when the target's is long.
        let longName = String(repeating: "n", count: 230) + ".json"
        let shortStore = makeStore()
        try shortStore.save(note)
        try FileManager.default.moveItem(at: shortStore.fileURL, to: directory.file(longName))
        let store = makeStore(longName)
        let before = try Data(contentsOf: store.fileURL)

        var changed = note
        changed.title = "Changed"
        XCTAssertThrowsError(try store.save(changed)) { error in
            guard case let .storageFailure(path, reason)? = error as? DomainError else {
                return XCTFail("expected storageFailure, got \(error)")
            }
            XCTAssertEqual(path, store.path)
            XCTAssertTrue(reason.hasPrefix("a temporary file could not be created"), reason)
        }
        XCTAssertEqual(try Data(contentsOf: store.fileURL), before)
        XCTAssertEqual(try directory.entries(), [longName])
    }

    func test_saveIntoAReadOnlyDirectory_throwsStorageFailure_andKeepsTheOldFile() throws {
        try XCTSkipUnless(
            TemporaryDirectory.permissionsAreEnforced, "root ignores permission bits")
        let store = makeStore()
        try store.save(note)
        let before = try Data(contentsOf: store.fileURL)
        XCTAssertEqual(chmod(directory.url.path, 0o555), 0)

        XCTAssertThrowsError(try store.save(Note(title: "x", tags: [], written: .distantPast))) {
            guard case .storageFailure? = $0 as? DomainError else {
                return XCTFail("expected storageFailure, got \($0)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: store.fileURL), before)
    }

    func test_removeAbandonedTemporaryFiles_removesUnlockedLeftovers_andKeepsLockedOnes() throws {
        let store = makeStore()
        try store.save(note)
        func temporary(_ middle: String) -> String {
            directory.file(".note.json.\(middle).tmp").path
        }
        // A writer killed mid-save: its temporary file is left, unlocked.
        let abandoned = temporary(UUID().uuidString)
        // A writer at work holds an exclusive flock on its temporary file.
        let inProgress = temporary(UUID().uuidString)
        // Not a name the store writes: never touched.
        let unrelated = temporary("backup")
        for path in [abandoned, inProgress, unrelated] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        }
        let lock = open(inProgress, O_RDONLY)
        XCTAssertGreaterThanOrEqual(lock, 0)
        defer { close(lock) }
        XCTAssertEqual(flock(lock, LOCK_EX), 0)

        XCTAssertEqual(store.removeAbandonedTemporaryFiles(), 1)

        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned))
        XCTAssertTrue(FileManager.default.fileExists(atPath: inProgress))
        XCTAssertTrue(FileManager.default.fileExists(atPath: unrelated))
        XCTAssertEqual(try store.load(), note, "the store itself is untouched")
    }

    func test_aCleanerRunningDuringSaves_neverTakesATemporaryFileInProgressForAbandoned() throws {
        // Each save holds its temporary file's lock from creation to rename; a cleaner that
        // could lock it in between would remove it and the save's rename would fail.
        let store = makeStore()
        let saves = 200
        let finished = Mutex(false)
        let cleaner = Thread {
            while !finished.withLock({ $0 }) { store.removeAbandonedTemporaryFiles() }
        }
        cleaner.start()
        defer { finished.withLock { $0 = true } }
        var last = note
        for index in 0..<saves {
            last.title = "save \(index)"
            XCTAssertNoThrow(try store.save(last), "save \(index)")
        }
        finished.withLock { $0 = true }
        XCTAssertEqual(try store.load(), last)
    }
}

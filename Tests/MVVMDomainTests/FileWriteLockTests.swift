import Foundation
import XCTest

@testable import MVVMDomain

final class FileWriteLockTests: TemporaryDirectoryTestCase {
    private var path: String { directory.file("store.json").path }

    func test_thereIsNothingToLock_whereThereIsNoFile() throws {
        let lock = try FileWriteLock.acquire(path: path)
        XCTAssertTrue(lock == nil)
    }

    func test_aFreeFile_isLocked_andItsIdentityIsTheFilesNow() throws {
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))

        guard let lock = try FileWriteLock.acquire(path: path) else { return XCTFail("no lock") }

        XCTAssertEqual(lock.identity, FileIdentity(path: path))
    }

    func test_aLockHeldTooLongByAnotherWriter_failsTheSave_namingTheHolder() throws {
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        let other = open(path, O_RDONLY)
        defer { close(other) }
        XCTAssertEqual(flock(other, LOCK_EX), 0)

        let error: DomainError
        do {
            _ = try FileWriteLock.acquire(path: path, wait: .milliseconds(20))
            return XCTFail("expected the lock to be refused")
        } catch let refused {
            error = refused
        }

        guard case let .storageFailure(errorPath, reason) = error else {
            return XCTFail("expected a storage failure, got \(error)")
        }
        XCTAssertEqual(errorPath, path)
        XCTAssertTrue(reason.contains("(pid \(getpid())"), reason)
        XCTAssertTrue(reason.contains("write lock"), reason)
    }

    func test_theLockIsReleased_whenItGoesAway() throws {
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        do { _ = try FileWriteLock.acquire(path: path) }

        let other = open(path, O_RDONLY)
        defer { close(other) }
        XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), 0)
    }
}

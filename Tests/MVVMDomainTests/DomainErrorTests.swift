import Foundation
import XCTest

@testable import MVVMDomain

final class DomainErrorTests: XCTestCase {
    private let everyCase: [DomainError] = [
        .notFound(what: "user", id: 42),
        .invalidInput(message: "page numbers start at 1"),
        .storageFailure(path: "/data/users.json", reason: "No space left on device"),
        .corruptStore(path: "/data/users.json", reason: "the file is empty"),
        .changedElsewhere(path: "/data/users.json", reason: "user 3 was changed by another program"),
        .injectedFailure(operation: "fetchUsers"),
        .unavailable(reason: "the network connection was lost"),
    ]

    func test_localizedDescription_returnsTheMessage_evenThroughAnyError() {
        for error in everyCase {
            let erased: any Error = error
            XCTAssertEqual(erased.localizedDescription, error.message)
            XCTAssertEqual(error.errorDescription, error.message)
        }
    }

    func test_description_isTheSameMessage_soLogsReadLikeTheUI() {
        for error in everyCase {
            XCTAssertEqual(String(describing: error), error.message)
            XCTAssertEqual("\(error)", error.message)
        }
    }

    func test_everyMessage_isACompleteSentence() {
        for error in everyCase {
            let message = error.message
            XCTAssertEqual(message.first.map { $0.isUppercase }, true, message)
            XCTAssertTrue(message.hasSuffix("."), message)
            XCTAssertFalse(message.contains(".."), message)
        }
    }

    func test_messages_nameTheDetailsThatMatter() {
        XCTAssertEqual(
            DomainError.notFound(what: "user", id: 42).message, "Could not find user 42.")
        XCTAssertEqual(
            DomainError.invalidInput(message: "page numbers start at 1").message,
            "Invalid input: page numbers start at 1.")
        XCTAssertEqual(
            DomainError.storageFailure(path: "/data/users.json", reason: "No space left on device")
                .message,
            "Could not save the data store at /data/users.json: No space left on device.")
        XCTAssertEqual(
            DomainError.corruptStore(path: "/data/users.json", reason: "the file is empty").message,
            "The data store at /data/users.json is unreadable or corrupt (the file is empty); "
                + "it was left untouched.")
        XCTAssertEqual(
            DomainError.changedElsewhere(path: "/data/users.json", reason: "user 3 was changed by another program")
                .message,
            "Not saved: user 3 was changed by another program in the data store at /data/users.json since it "
                + "was loaded; load it again to see that change.")
        XCTAssertEqual(
            DomainError.injectedFailure(operation: "fetchUsers").message,
            "The fetchUsers request failed because a failure was injected for testing.")
        XCTAssertEqual(
            DomainError.unavailable(reason: "the network connection was lost").message,
            "The service is unavailable: the network connection was lost.")
    }

    func test_reasonsWithTheirOwnFullStopOrBlanks_doNotBreakTheSentence() {
        XCTAssertEqual(
            DomainError.unavailable(reason: " Server is down. ").message,
            "The service is unavailable: Server is down.")
        XCTAssertEqual(
            DomainError.invalidInput(message: "  ").message, "Invalid input: no reason given.")
    }

    func test_recoverySuggestion_tellsHowToGetOutOfACorruptStore() {
        XCTAssertEqual(
            DomainError.corruptStore(path: "/x", reason: "bad").recoverySuggestion,
            "Repair or delete the file, then try again.")
        XCTAssertNil(DomainError.notFound(what: "post", id: 1).recoverySuggestion)
    }

    func test_equality_comparesCaseAndPayload() {
        XCTAssertEqual(DomainError.notFound(what: "user", id: 1), .notFound(what: "user", id: 1))
        XCTAssertNotEqual(DomainError.notFound(what: "user", id: 1), .notFound(what: "user", id: 2))
        XCTAssertNotEqual(DomainError.notFound(what: "user", id: 1), .notFound(what: "post", id: 1))
        XCTAssertNotEqual(
            DomainError.storageFailure(path: "/a", reason: "r"),
            .corruptStore(path: "/a", reason: "r"))
    }
}

import Foundation
import XCTest

@testable import MVVMDomain

final class StoredTextTests: XCTestCase {
    func test_aRecordWithoutNUL_passes() throws {
        try User(id: 1, name: "Ada Lovelace", email: "ada@example.com").checkStoredText(path: "/s")
        try Comment(id: 2, postId: 1, authorName: "Ünïcode ✓", body: "\u{01} is not NUL").checkStoredText(path: "/s")
    }

    func test_aRecordWithNULInAnyTextField_isADamagedStore_namingTheRecordAndField() {
        let cases: [(any StoredText, String)] = [
            (User(id: 3, name: "Nul\u{0}cut", email: "e"), "user 3's name"),
            (User(id: 4, name: "n", email: "\u{0}"), "user 4's email"),
            (Comment(id: 5, postId: 1, authorName: "a", body: "b\u{0}"), "comment 5's body"),
        ]
        for (record, named) in cases {
            XCTAssertThrowsError(try record.checkStoredText(path: "/data/store.json")) { error in
                XCTAssertEqual(
                    error as? DomainError,
                    .corruptStore(path: "/data/store.json", reason: "\(named) holds U+0000 (NUL), which no stored text may hold"))
            }
        }
    }
}

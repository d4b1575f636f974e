import Foundation
import XCTest

@testable import MVVMDomain

final class JSONStoreSnapshotEncoderTests: XCTestCase {
    private let sample = JSONStoreSnapshot(sampleData: SampleDataConfiguration())

    /// Encodes each snapshot in turn with one encoder and checks every document against
    /// `wholeDocument`; returns how many records each call encoded.
    private func encodeInTurn(
        _ snapshots: [JSONStoreSnapshot], file: StaticString = #filePath, line: UInt = #line
    ) throws -> [Int] {
        var sut = JSONStoreSnapshotEncoder()
        var counts: [Int] = []
        for (step, snapshot) in snapshots.enumerated() {
            let document = try sut.encode(snapshot)
            let expected = try wholeDocument(snapshot)
            XCTAssertEqual(
                String(decoding: document, as: UTF8.self), String(decoding: expected, as: UTF8.self),
                "step \(step)", file: file, line: line)
            XCTAssertEqual(document, expected, "step \(step)", file: file, line: line)
            counts.append(sut.recordsEncodedByLastCall)
        }
        return counts
    }

    private var sampleRecordCount: Int {
        sample.users.count + sample.posts.count + sample.comments.count
    }

    // MARK: Whole documents

    func test_sampleData_encodesToTheWholeDocumentEncodersBytes() throws {
        XCTAssertGreaterThan(sample.comments.count, 1, "the fixture needs several of each")
        XCTAssertEqual(try encodeInTurn([sample]), [sampleRecordCount])
    }

    func test_anEmptyStore_encodesToTheWholeDocumentEncodersBytes_withItsBlankLinedArrays() throws {
        XCTAssertEqual(try encodeInTurn([.empty]), [0])
        var sut = JSONStoreSnapshotEncoder()
        XCTAssertEqual(
            String(decoding: try sut.encode(.empty), as: UTF8.self),
            """
            {
              "comments" : [

              ],
              "posts" : [

              ],
              "users" : [

              ],
              "version" : 1
            }

            """)
    }

    func test_anotherVersionNumber_isWrittenAsTheEncoderWritesIt() throws {
        var future = sample
        future.version = 12_345
        var negative = sample
        negative.version = -1
        XCTAssertEqual(try encodeInTurn([sample, future, negative]), [sampleRecordCount, 0, 0])
    }

    func test_stringsWithEscapesNewlinesAndNonASCII_encodeAsTheEncoderEscapesThem() throws {
        let awkward =
            "quote \" backslash \\ slash / newline \n return \r tab \t nul \u{0} "
            + "unit \u{1F} delete \u{7F} é ß 日本 😀 line sep \u{2028} para \u{2029} "
            + "combining e\u{301}"
        var edited = sample
        edited.users[0].name = awkward
        edited.users[0].email = "\n\n"
        edited.posts[1].title = "\n"
        edited.posts[1].body = awkward
        edited.comments[2].authorName = ""
        edited.comments[2].body = awkward + "\n"
        let counts = try encodeInTurn([sample, edited, sample])
        XCTAssertEqual(counts, [sampleRecordCount, 3, 3])
    }

    func test_datesBeforeEpochAndWithFractionsOfASecond_encodeAsTheEncoderWritesThem() throws {
        var edited = sample
        edited.posts[0].createdAt = .distantPast
        edited.posts[1].createdAt = Date(timeIntervalSince1970: -1.5)
        edited.posts[2].createdAt = Date(timeIntervalSince1970: 1_704_067_200.999)
        XCTAssertEqual(try encodeInTurn([sample, edited]), [sampleRecordCount, 3])
    }

    func test_theDocument_decodesBackToTheSnapshot() throws {
        var edited = sample
        edited.users[4].name = "Grace \"Amazing\" Hopper\n"
        var sut = JSONStoreSnapshotEncoder()
        _ = try sut.encode(sample)
        let document = try sut.encode(edited)

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        XCTAssertEqual(try decoder.decode(JSONStoreSnapshot.self, from: document), edited)
    }

    // MARK: Reuse between calls

    func test_theSameSnapshotAgain_encodesNothing_andGivesTheSameBytes() throws {
        XCTAssertEqual(try encodeInTurn([sample, sample]), [sampleRecordCount, 0])
    }

    func test_editingOneUser_encodesOnlyThatUser_andEachLaterEditToo() throws {
        var renamed = sample
        renamed.users[3].name = "Barbara Liskov"
        var mailed = renamed
        mailed.users[3].email = "barbara@example.com"
        var another = mailed
        another.users[7].name = "Edsger Dijkstra"
        let counts = try encodeInTurn([sample, renamed, mailed, another, sample])
        XCTAssertEqual(counts, [sampleRecordCount, 1, 1, 1, 2])
    }

    func test_likingAPost_encodesOnlyThatPost() throws {
        var liked = sample
        liked.posts[5].likedByCurrentUser.toggle()
        liked.posts[5].likesCount += liked.posts[5].likedByCurrentUser ? 1 : -1
        let counts = try encodeInTurn([sample, liked, sample])
        XCTAssertEqual(counts, [sampleRecordCount, 1, 1])
    }

    func test_equalRecordsInFreshStorage_areReused() throws {
        // What a reload from disk gives: equal values, nothing shared with the last call.
        let reloaded = try JSONDecoder.iso8601.decode(
            JSONStoreSnapshot.self, from: try wholeDocument(sample))
        XCTAssertEqual(try encodeInTurn([sample, reloaded]), [sampleRecordCount, 0])
    }

    func test_recordsAddedOrRemovedBetweenCalls_giveTheWholeDocumentEncodersBytes() throws {
        var appended = sample
        appended.users.append(User(id: 1_000, name: "New", email: "new@example.com"))
        appended.comments.append(Comment(id: 1_000, postId: 1, authorName: "N", body: "Hi"))
        var removedInTheMiddle = appended
        removedInTheMiddle.users.remove(at: 50)
        removedInTheMiddle.comments.remove(at: 10)
        var oneLeft = removedInTheMiddle
        oneLeft.users = [removedInTheMiddle.users[0]]
        oneLeft.posts = []
        oneLeft.comments = []
        let counts = try encodeInTurn([
            sample, appended, removedInTheMiddle, oneLeft, .empty, oneLeft, sample,
        ])
        XCTAssertEqual(
            counts,
            [
                sampleRecordCount,
                2,  // only the two new records
                (sample.users.count - 50) + (sample.comments.count + 1 - 10 - 1),  // shifted ones
                0,  // the first user is where it was
                0,
                1,
                sampleRecordCount - 1,  // the first user is reused
            ])
    }
}

private extension JSONDecoder {
    static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

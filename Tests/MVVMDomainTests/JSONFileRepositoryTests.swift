import Foundation
import MVVMTestSupport
import XCTest

@testable import MVVMDomain

final class JSONFileRepositoryTests: TemporaryDirectoryTestCase {
    private let seed = SampleDataConfiguration(
        userCount: 25, pageSize: 10, postCount: 6, commentsPerPost: 2, seed: 5)
    private var storeURL: URL { directory.file("store.json") }

    private func makeSUT(at url: URL? = nil) -> JSONFileRepository {
        JSONFileRepository(fileURL: url ?? storeURL, pageSize: 10, seedConfiguration: seed)
    }

    // MARK: Seeding

    func test_missingFile_isSeededWithSampleData_andWritten() async throws {
        let sut = makeSUT()
        let page = try await sut.fetchUsers(page: 1)

        let generator = SampleDataGenerator(configuration: seed)
        let expectedUsers = Array(generator.allUsers()[0..<10])
        XCTAssertEqual(page, UserPage(users: expectedUsers, page: 1, totalPages: 3))
        XCTAssertTrue(FileManager.default.fileExists(atPath: storeURL.path))
        let post = try await sut.fetchPost(id: 2)
        let comments = try await sut.fetchComments(postId: 2)
        XCTAssertEqual(post, generator.post(at: 1))
        XCTAssertEqual(comments, generator.comments(forPostAt: 1))
    }

    func test_missingFile_withoutSeed_startsEmpty() async throws {
        let sut = JSONFileRepository(fileURL: storeURL, seedConfiguration: nil)
        let page = try await sut.fetchUsers(page: 1)
        XCTAssertEqual(page, UserPage(users: [], page: 1, totalPages: 1))
        XCTAssertTrue(FileManager.default.fileExists(atPath: storeURL.path))
    }

    func test_nothingIsReadOrWritten_beforeTheFirstCall() {
        _ = makeSUT()
        XCTAssertFalse(FileManager.default.fileExists(atPath: storeURL.path))
    }

    // MARK: Persistence

    func test_update_persistsAcrossInstances() async throws {
        var user = try await makeSUT().fetchUser(id: 12)
        user.name = "Barbara Liskov"
        user.email = "barbara@example.com"

        let saved = try await makeSUT().update(user)

        XCTAssertEqual(saved, user)
        let reopened = makeSUT()
        let fetched = try await reopened.fetchUser(id: 12)
        let page = try await reopened.fetchUsers(page: 2)
        XCTAssertEqual(fetched, user)
        XCTAssertEqual(page.users[1], user)
    }

    func test_setLiked_persistsAcrossInstances_andCountsEachChangeOnce() async throws {
        let original = try await makeSUT().fetchPost(id: 3)
        let target = !original.likedByCurrentUser

        let changed = try await makeSUT().setLiked(target, postId: 3)
        let repeated = try await makeSUT().setLiked(target, postId: 3)

        XCTAssertEqual(changed.likesCount, original.likesCount + (target ? 1 : -1))
        XCTAssertEqual(repeated, changed)
        let reopened = try await makeSUT().fetchPost(id: 3)
        XCTAssertEqual(reopened, changed)
        let restored = try await makeSUT().setLiked(!target, postId: 3)
        XCTAssertEqual(restored, original)
    }

    func test_setLiked_onAStoredCountOfIntMax_keepsTheCount_insteadOfOverflowing() async throws {
        let author = User(id: 1, name: "Ada", email: "ada@example.com")
        let post = JSONStoreSnapshot.StoredPost(
            id: 1, title: "Popular", body: "", authorId: 1, createdAt: Date(timeIntervalSince1970: 0),
            likesCount: Int.max, likedByCurrentUser: false)
        try JSONFileStore<JSONStoreSnapshot>(fileURL: storeURL).save(
            JSONStoreSnapshot(
                version: JSONStoreSnapshot.currentVersion, users: [author], posts: [post], comments: []))

        let liked = try await makeSUT().setLiked(true, postId: 1)

        XCTAssertEqual(liked.likesCount, Int.max)
        XCTAssertTrue(liked.likedByCurrentUser)
    }

    func test_renamedUser_isShownAsTheAuthorOfTheirPosts() async throws {
        let sut = makeSUT()
        var author = try await sut.fetchPost(id: 1).author
        author.name = "Margaret Hamilton"
        _ = try await sut.update(author)

        let post = try await makeSUT().fetchPost(id: 1)
        XCTAssertEqual(post.author, author)
    }

    func test_concurrentUpdates_allLand() async throws {
        let sut = makeSUT()
        try await withThrowingTaskGroup(of: User.self) { group in
            for id in 1...25 {
                group.addTask {
                    try await sut.update(
                        User(id: id, name: "User \(id)", email: "u\(id)@example.com"))
                }
            }
            try await group.waitForAll()
        }

        let reopened = makeSUT()
        var names: [String] = []
        for page in 1...3 {
            names += try await reopened.fetchUsers(page: page).users.map(\.name)
        }
        XCTAssertEqual(names, (1...25).map { "User \($0)" })
        XCTAssertEqual(try directory.entries(), ["store.json"], "no temporary files left behind")
    }

    func test_writtenFile_isDeterministicSortedJSON() async throws {
        let first = directory.file("a.json")
        let second = directory.file("b.json")
        _ = try await makeSUT(at: first).fetchUsers(page: 1)
        _ = try await makeSUT(at: second).fetchUsers(page: 1)
        let bytes = try Data(contentsOf: first)
        XCTAssertEqual(bytes, try Data(contentsOf: second))
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).hasPrefix("{\n  \"comments\" : ["))
    }

    func test_writtenFile_afterEditsAndLikes_isWhatEncodingTheWholeStoreGives() async throws {
        let sut = makeSUT()
        var user = try await sut.fetchUser(id: 3)
        let post = try await sut.fetchPost(id: 2)
        user.name = "Renamed \"once\"\n"
        _ = try await sut.update(user)
        let liked = try await sut.setLiked(!post.likedByCurrentUser, postId: 2)
        user.email = "é@example.com"
        _ = try await sut.update(user)

        var expected = JSONStoreSnapshot(sampleData: seed)
        expected.users[2] = user
        expected.posts[1].likedByCurrentUser = liked.likedByCurrentUser
        expected.posts[1].likesCount = liked.likesCount
        XCTAssertEqual(try Data(contentsOf: storeURL), try wholeDocument(expected))
    }

    func test_writeAfterAFailedOne_holdsTheFilesDataAndTheNewEdit_notTheFailedEdit() async throws {
        let folder = directory.file("data")
        let url = folder.appendingPathComponent("store.json")
        let sut = makeSUT(at: url)
        let original = try await sut.fetchUser(id: 4)
        // A plain file where the folder was: creating the temporary file fails (ENOTDIR), even
        // for root.
        let aside = directory.file("aside")
        try FileManager.default.moveItem(at: folder, to: aside)
        try Data().write(to: folder)
        var failed = original
        failed.name = "Never Saved"
        let error = await errorThrown { try await sut.update(failed) }
        guard case .storageFailure? = error as? DomainError else {
            return XCTFail("expected storageFailure, got \(String(describing: error))")
        }
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.moveItem(at: aside, to: folder)

        var other = try await sut.fetchUser(id: 5)
        other.name = "Saved"
        _ = try await sut.update(other)

        var expected = JSONStoreSnapshot(sampleData: seed)
        expected.users[4] = other
        XCTAssertEqual(try Data(contentsOf: url), try wholeDocument(expected))
        let reread = try await makeSUT(at: url).fetchUser(id: 4)
        XCTAssertEqual(reread, original)
    }

    // MARK: Search

    func test_searchUsers_matchesNamesIgnoringCase_inStoredOrder_pagedByPageSize() async throws {
        let sut = makeSUT()
        let users = SampleDataGenerator(configuration: seed).allUsers()
        let expected = users.filter { $0.name.lowercased().contains("a") }
        XCTAssertGreaterThan(expected.count, 10, "the fixture needs more than one page")

        let first = try await sut.searchUsers(query: "A", page: 1)
        let second = try await sut.searchUsers(query: "a", page: 2)

        let totalPages = (expected.count + 9) / 10
        XCTAssertEqual(first, UserPage(users: Array(expected[0..<10]), page: 1, totalPages: totalPages))
        XCTAssertEqual(second.users, Array(expected[10..<min(20, expected.count)]))
        let past = await errorThrown { try await sut.searchUsers(query: "a", page: totalPages + 1) }
        XCTAssertEqual(past as? DomainError, .notFound(what: "page", id: totalPages + 1))
    }

    func test_searchUsers_seesEditedNames_evenAfterAReopen() async throws {
        var user = try await makeSUT().fetchUser(id: 7)
        user.name = "Zelda Quux"
        _ = try await makeSUT().update(user)

        let reopened = makeSUT()
        let found = try await reopened.searchUsers(query: "QUUX", page: 1)

        XCTAssertEqual(found, UserPage(users: [user], page: 1, totalPages: 1))
    }

    func test_searchUsers_withABlankQueryOrNoMatch_givesAnEmptyFirstPage() async throws {
        let sut = makeSUT()
        for query in ["", "  ", "no such name"] {
            let page = try await sut.searchUsers(query: query, page: 1)
            XCTAssertEqual(page, UserPage(users: [], page: 1, totalPages: 1), query)
        }
        let past = await errorThrown { try await sut.searchUsers(query: "", page: 2) }
        XCTAssertEqual(past as? DomainError, .notFound(what: "page", id: 2))
    }

    // MARK: Errors

    func test_pagingEdges_matchTheSampleRepository() async throws {
        let sut = makeSUT()
        let last = try await sut.fetchUsers(page: 3)
        XCTAssertEqual(last.users.map(\.id), Array(21...25))
        let past = await errorThrown { try await sut.fetchUsers(page: 4) }
        let zero = await errorThrown { try await sut.fetchUsers(page: 0) }
        XCTAssertEqual(past as? DomainError, .notFound(what: "page", id: 4))
        guard case .invalidInput? = zero as? DomainError else {
            return XCTFail("expected invalidInput, got \(String(describing: zero))")
        }
    }

    func test_updateOfAnUnknownUser_throwsNotFound_andDoesNotWrite() async throws {
        let sut = makeSUT()
        _ = try await sut.fetchUsers(page: 1)
        let before = try Data(contentsOf: storeURL)
        let error = await errorThrown {
            try await sut.update(User(id: 404, name: "Nobody", email: "nobody@example.com"))
        }
        XCTAssertEqual(error as? DomainError, .notFound(what: "user", id: 404))
        XCTAssertEqual(try Data(contentsOf: storeURL), before)
    }

    func test_corruptFile_givesAClearError_andIsNeverOverwritten() async throws {
        let garbage = Data("{\"users\": [ oops".utf8)
        try garbage.write(to: storeURL)
        let sut = makeSUT()

        let read = await errorThrown { try await sut.fetchUsers(page: 1) }
        let write = await errorThrown {
            try await sut.update(User(id: 1, name: "Overwrite?", email: "x@example.com"))
        }
        let like = await errorThrown { try await sut.setLiked(true, postId: 1) }

        for error in [read, write, like] {
            guard case let .corruptStore(path, _)? = error as? DomainError else {
                return XCTFail("expected corruptStore, got \(String(describing: error))")
            }
            XCTAssertEqual(path, storeURL.path)
            XCTAssertTrue(error?.localizedDescription.contains("left untouched") ?? false)
        }
        XCTAssertEqual(try Data(contentsOf: storeURL), garbage)
        XCTAssertEqual(try directory.entries(), ["store.json"])
    }

    func test_corruptFile_onceDeleted_isReseeded_withoutARestart() async throws {
        try Data("[]".utf8).write(to: storeURL)
        let sut = makeSUT()
        _ = await errorThrown { try await sut.fetchUser(id: 1) }

        try FileManager.default.removeItem(at: storeURL)

        let user = try await sut.fetchUser(id: 1)
        XCTAssertEqual(user, SampleDataGenerator(configuration: seed).user(at: 0))
    }

    func test_inconsistentContents_areReportedAsCorrupt() async throws {
        let user = User(id: 1, name: "Twin", email: "twin@example.com")
        let duplicated = JSONStoreSnapshot(
            version: JSONStoreSnapshot.currentVersion, users: [user, user], posts: [], comments: [])
        try JSONFileStore<JSONStoreSnapshot>(fileURL: storeURL).save(duplicated)

        let error = await errorThrown { try await makeSUT().fetchUser(id: 1) }

        XCTAssertEqual(
            error as? DomainError,
            .corruptStore(path: storeURL.path, reason: "user id 1 appears more than once"))
    }

    func test_aStoredNameHoldingNUL_isRefusedAsDamage_notShownCutShort() async throws {
        var snapshot = JSONStoreSnapshot(sampleData: seed)
        snapshot.users[2].name = "Nul\u{0}cut"
        try JSONFileStore<JSONStoreSnapshot>(fileURL: storeURL).save(snapshot)
        XCTAssertTrue(try String(contentsOf: storeURL, encoding: .utf8).contains("\\u0000"), "escaped as JSON does")

        let error = await errorThrown { try await makeSUT().fetchUser(id: 1) }

        XCTAssertEqual(
            error as? DomainError,
            .corruptStore(path: storeURL.path, reason: "user 3's name holds U+0000 (NUL), which no stored text may hold"))
    }

    func test_unknownFormatVersion_isRefused_notOverwritten() async throws {
        let future = JSONStoreSnapshot(version: 99, users: [], posts: [], comments: [])
        try JSONFileStore<JSONStoreSnapshot>(fileURL: storeURL).save(future)
        let before = try Data(contentsOf: storeURL)

        let error = await errorThrown {
            try await makeSUT().update(User(id: 1, name: "A", email: "a@example.com"))
        }

        guard case let .corruptStore(_, reason)? = error as? DomainError else {
            return XCTFail("expected corruptStore, got \(String(describing: error))")
        }
        XCTAssertTrue(reason.contains("version 99"), reason)
        XCTAssertEqual(try Data(contentsOf: storeURL), before)
    }

    func test_failedWrite_keepsTheOldFile_andTheStateBeforeTheUpdate() async throws {
        // Root ignores permission bits, so make the write fail in a way root cannot bypass:
        // the temporary file's name (".<name>.<UUID>.tmp") exceeds NAME_MAX.
        let longURL = directory.file(String(repeating: "s", count: 230) + ".json")
        _ = try await makeSUT().fetchUsers(page: 1)
        try FileManager.default.moveItem(at: storeURL, to: longURL)
        let sut = makeSUT(at: longURL)
        let original = try await sut.fetchUser(id: 4)
        let before = try Data(contentsOf: longURL)

        var edited = original
        edited.name = "Not Saved"
        let error = await errorThrown { try await sut.update(edited) }

        guard case .storageFailure? = error as? DomainError else {
            return XCTFail("expected storageFailure, got \(String(describing: error))")
        }
        XCTAssertEqual(try Data(contentsOf: longURL), before, "the old file is intact")
        let fetched = try await sut.fetchUser(id: 4)
        XCTAssertEqual(fetched, original, "the failed update was not applied in memory")
        XCTAssertEqual(try directory.entries(), [longURL.lastPathComponent])
    }

    func test_failedWriteIntoAReadOnlyDirectory_keepsOldDataOnDiskAndInMemory() async throws {
        try XCTSkipUnless(
            TemporaryDirectory.permissionsAreEnforced, "root ignores permission bits")
        let sut = makeSUT()
        let original = try await sut.fetchUser(id: 2)
        let before = try Data(contentsOf: storeURL)
        XCTAssertEqual(chmod(directory.url.path, 0o555), 0)

        let error = await errorThrown {
            try await sut.update(User(id: 2, name: "Not Saved", email: original.email))
        }

        guard case .storageFailure? = error as? DomainError else {
            return XCTFail("expected storageFailure, got \(String(describing: error))")
        }
        XCTAssertEqual(try Data(contentsOf: storeURL), before)
        let fetched = try await sut.fetchUser(id: 2)
        XCTAssertEqual(fetched, original)
    }

    func test_cancelledCall_throwsCancellationError_andWritesNothing() async throws {
        let sut = makeSUT()
        let original = try await sut.fetchUser(id: 6)
        let before = try Data(contentsOf: storeURL)

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.update(User(id: 6, name: "Cancelled", email: original.email))
        }
        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(try Data(contentsOf: storeURL), before)
    }

    func test_blankName_isRejected_beforeAnythingIsWritten() async throws {
        let sut = makeSUT()
        let original = try await sut.fetchUser(id: 1)
        var blank = original
        blank.name = ""
        let error = await errorThrown { try await sut.update(blank) }
        XCTAssertEqual(
            error as? DomainError, .invalidInput(message: "a user's name must not be empty"))
        let fetched = try await makeSUT().fetchUser(id: 1)
        XCTAssertEqual(fetched, original)
    }
    // MARK: A file shared with other programs

    /// The file's snapshot as another program would read it.
    private func snapshotOnDisk() throws -> JSONStoreSnapshot {
        try XCTUnwrap(try JSONFileStore<JSONStoreSnapshot>(fileURL: storeURL).load())
    }

    /// Rewrites the file as a person's editor would: in place, the same inode.
    private func editInPlace(_ edit: (inout JSONStoreSnapshot) -> Void) throws {
        var snapshot = try snapshotOnDisk()
        edit(&snapshot)
        let bytes = try JSONFileStore<JSONStoreSnapshot>.encode(snapshot)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: storeURL.path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    func test_twoRepositoriesSavingDifferentUsers_turnByTurn_loseNoSave() async throws {
        let first = makeSUT()
        let second = makeSUT()
        for round in 1...20 {
            _ = try await first.update(User(id: 1 + round % 3, name: "First \(round)", email: "f@x"))
            _ = try await second.update(User(id: 11 + round % 3, name: "Second \(round)", email: "s@x"))
        }

        let names = Dictionary(uniqueKeysWithValues: try snapshotOnDisk().users.map { ($0.id, $0.name) })
        XCTAssertEqual([names[1], names[2], names[3]], ["First 18", "First 19", "First 20"])
        XCTAssertEqual([names[11], names[12], names[13]], ["Second 18", "Second 19", "Second 20"])
        let seenByFirst = try await first.fetchUser(id: 13)
        XCTAssertEqual(seenByFirst.name, "Second 20", "a reader sees the other writer's saves")
    }

    func test_twoRepositoriesSavingConcurrently_loseNoSave() async throws {
        let first = makeSUT()
        let second = makeSUT()
        _ = try await first.fetchUsers(page: 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (repository, ids) in [(first, 1...10), (second, 11...20)] {
                group.addTask {
                    for id in ids { _ = try await repository.update(User(id: id, name: "Saved \(id)", email: "e@x")) }
                }
            }
            try await group.waitForAll()
        }

        let saved = try snapshotOnDisk().users.filter { $0.name.hasPrefix("Saved ") }.map(\.id)
        XCTAssertEqual(saved.sorted(), Array(1...20))
    }

    func test_aSaveOfAUserChangedByAnotherProgram_isRefused_andTheNextLoadShowsTheirVersion() async throws {
        let mine = makeSUT()
        let theirs = makeSUT()
        let loaded = try await mine.fetchUser(id: 4)
        _ = try await theirs.update(User(id: 4, name: "Theirs", email: loaded.email))

        let refused = await errorThrown { try await mine.update(User(id: 4, name: "Mine", email: loaded.email)) }

        guard case let .changedElsewhere(path, reason)? = refused as? DomainError else {
            return XCTFail("expected changedElsewhere, got \(String(describing: refused))")
        }
        XCTAssertEqual(path, storeURL.path)
        XCTAssertTrue(reason.contains("user 4"), reason)
        XCTAssertEqual(try snapshotOnDisk().users[3].name, "Theirs", "nothing was written")
        let reloaded = try await mine.fetchUser(id: 4)
        XCTAssertEqual(reloaded.name, "Theirs")
        _ = try await mine.update(User(id: 4, name: "Mine", email: loaded.email))
        XCTAssertEqual(try snapshotOnDisk().users[3].name, "Mine", "saving again after the reload works")
    }

    func test_aPersonsEditWhileOpen_isShownAtTheNextLoad() async throws {
        let sut = makeSUT()
        _ = try await sut.fetchUsers(page: 1)

        try editInPlace { $0.users[0].name = "Edited By Hand" }

        let page = try await sut.fetchUsers(page: 1)
        XCTAssertEqual(page.users[0].name, "Edited By Hand")
    }

    func test_aPersonsEditWhileOpen_survivesTheNextSaveOfAnotherRecord() async throws {
        let sut = makeSUT()
        _ = try await sut.fetchUsers(page: 1)
        try editInPlace { $0.users[1].name = "Edited By Hand" }

        _ = try await sut.update(User(id: 1, name: "Saved By The App", email: "a@x"))
        _ = try await sut.setLiked(true, postId: 1)

        let users = try snapshotOnDisk().users
        XCTAssertEqual(users[0].name, "Saved By The App")
        XCTAssertEqual(users[1].name, "Edited By Hand")
    }

    func test_aLikeAppliesToTheCountAnotherProgramStored() async throws {
        let mine = makeSUT()
        let theirs = makeSUT()
        let before = try await mine.fetchPost(id: 2)
        _ = try await theirs.setLiked(!before.likedByCurrentUser, postId: 2)

        let after = try await mine.setLiked(before.likedByCurrentUser, postId: 2)

        XCTAssertEqual(after.likesCount, before.likesCount, "liked and unliked once each")
        XCTAssertEqual(after.likedByCurrentUser, before.likedByCurrentUser)
    }

    func test_aFileTruncatedWhileOpen_failsTheNextCall_andIsNeverOverwritten() async throws {
        let sut = makeSUT()
        _ = try await sut.fetchUsers(page: 1)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: storeURL.path)[.size] as? Int)
        XCTAssertEqual(truncate(storeURL.path, off_t(size / 2)), 0)
        let truncated = try Data(contentsOf: storeURL)

        let read = await errorThrown { try await sut.fetchUsers(page: 1) }
        let save = await errorThrown { try await sut.update(User(id: 1, name: "Over It?", email: "o@x")) }

        for error in [read, save] {
            guard case .corruptStore? = error as? DomainError else {
                return XCTFail("expected corruptStore, got \(String(describing: error))")
            }
        }
        XCTAssertEqual(try Data(contentsOf: storeURL), truncated)
    }
}

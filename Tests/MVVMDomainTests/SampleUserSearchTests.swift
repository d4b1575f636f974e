import MVVMTestSupport
import XCTest

@testable import MVVMDomain

/// `SampleDataStore.searchUsers` and `SampleUserRepository.searchUsers`: what matches, how it
/// pages, how edits count, and that the work does not grow with the number of users.
final class SampleUserSearchTests: XCTestCase {

    private func makeStore(userCount: Int = 2_000, pageSize: Int = 10) -> SampleDataStore {
        SampleDataStore(
            configuration: SampleDataConfiguration(
                userCount: userCount, pageSize: pageSize, postCount: 0, seed: 7))
    }

    // MARK: Matching

    func test_search_findsEveryUserWhoseNameContainsTheQuery_inIdOrder() async throws {
        // 2,000 users span several periods of the name table, so repeats are covered.
        let store = makeStore()
        for query in ["ada", "Lovelace", "an ", "o", "k", "Grace Hopper"] {
            let found = try await allMatches(of: query, in: store)
            let expected = try await bruteForceMatches(of: query, in: store)
            XCTAssertEqual(found, expected, query)
            XCTAssertFalse(found.isEmpty, "the fixture should find someone for \(query)")
        }
    }

    func test_search_ignoresCase() async throws {
        let store = makeStore()
        let lower = try await allMatches(of: "lovelace", in: store)
        let upper = try await allMatches(of: "LOVELACE", in: store)
        let mixed = try await allMatches(of: "LoVeLaCe", in: store)
        XCTAssertFalse(lower.isEmpty)
        XCTAssertEqual(upper, lower)
        XCTAssertEqual(mixed, lower)
        XCTAssertTrue(lower.allSatisfy { $0.name.contains("Lovelace") })
    }

    func test_search_withNoMatch_givesOneEmptyPage() async throws {
        let store = makeStore()
        let page = try await store.searchUsers(query: "zzz", page: 1)
        XCTAssertEqual(page, UserPage(users: [], page: 1, totalPages: 1))
        let error = await errorThrown { try await store.searchUsers(query: "zzz", page: 2) }
        XCTAssertEqual(error as? DomainError, .notFound(what: "page", id: 2))
    }

    func test_blankQuery_givesAnEmptyFirstPage_andExaminesNoName() async throws {
        let store = makeStore()
        for query in ["", "   ", "\n\t"] {
            let page = try await store.searchUsers(query: query, page: 1)
            XCTAssertEqual(page, UserPage(users: [], page: 1, totalPages: 1), "\"\(query)\"")
        }
        let examined = await store.examinedNameCount
        XCTAssertEqual(examined, 0)
    }

    // MARK: Paging

    func test_pages_holdPageSizeMatches_withAShortLastPage() async throws {
        let store = makeStore(pageSize: 7)
        let expected = try await bruteForceMatches(of: "ada", in: store)
        let first = try await store.searchUsers(query: "ada", page: 1)
        let totalPages = (expected.count + 6) / 7

        XCTAssertEqual(first.totalPages, totalPages)
        XCTAssertEqual(first.users, Array(expected.prefix(7)))
        let last = try await store.searchUsers(query: "ada", page: totalPages)
        XCTAssertEqual(last.users, Array(expected[((totalPages - 1) * 7)...]))
        XCTAssertEqual(last.totalPages, totalPages)
    }

    func test_pagePastTheLast_throwsNotFound_andPageZero_throwsInvalidInput() async throws {
        let store = makeStore()
        let totalPages = try await store.searchUsers(query: "ada", page: 1).totalPages

        let past = await errorThrown { try await store.searchUsers(query: "ada", page: totalPages + 1) }
        let zero = await errorThrown { try await store.searchUsers(query: "ada", page: 0) }

        XCTAssertEqual(past as? DomainError, .notFound(what: "page", id: totalPages + 1))
        guard case .invalidInput = zero as? DomainError else {
            return XCTFail("expected invalidInput, got \(String(describing: zero))")
        }
    }

    // MARK: Edits

    func test_editedUser_matchesByItsNewName_notItsGeneratedOne() async throws {
        let store = makeStore()
        let matchesBefore = try await bruteForceMatches(of: "lovelace", in: store)
        var renamedAway = matchesBefore[3]
        renamedAway.name = "Someone Else"
        var renamedInto = try await store.user(id: 5)
        XCTAssertFalse(renamedInto.name.localizedCaseInsensitiveContains("lovelace"))
        renamedInto.name = "Ada LOVELACE the Second"
        _ = try await store.update(renamedAway)
        _ = try await store.update(renamedInto)

        let found = try await allMatches(of: "lovelace", in: store)

        XCTAssertFalse(found.contains { $0.id == renamedAway.id }, "matched by its old name")
        XCTAssertEqual(found.first, renamedInto, "matched by its new name, in id order")
        XCTAssertEqual(found.count, matchesBefore.count)
        let expected = try await bruteForceMatches(of: "lovelace", in: store)
        XCTAssertEqual(found, expected)
    }

    func test_editedUser_stillMatchingUnderItsNewName_isListedOnce() async throws {
        let store = makeStore()
        var user = try await bruteForceMatches(of: "ada", in: store)[0]
        user.name = "Ada Renamed"
        _ = try await store.update(user)

        let found = try await allMatches(of: "ada", in: store)

        XCTAssertEqual(found.filter { $0.id == user.id }, [user])
        let expected = try await bruteForceMatches(of: "ada", in: store)
        XCTAssertEqual(found, expected)
    }

    func test_manyEdits_pageBoundariesAgreeWithAFullScan() async throws {
        // Edits on both sides of page boundaries, renaming into and out of the matches, so the
        // arithmetic that finds where a page starts is exercised, not just the first page.
        let store = makeStore(userCount: 1_500, pageSize: 4)
        var random = SplitMix64(seed: 99)
        for step in 0..<60 {
            var user = try await store.user(id: Int(random.next() % 1_500) + 1)
            user.name = step.isMultiple(of: 2) ? "Ada Edited \(step)" : "Nobody \(step)"
            _ = try await store.update(user)
        }
        for query in ["ada", "a", "edited", "knuth"] {
            let found = try await allMatches(of: query, in: store)
            let expected = try await bruteForceMatches(of: query, in: store)
            XCTAssertEqual(found.map(\.id), expected.map(\.id), query)
            XCTAssertEqual(found, expected, query)
        }
    }

    // MARK: Cost

    func test_search_atAMillionUsers_doesTheSameWorkAsAtAThousand() async throws {
        let thousand = makeStore(userCount: 1_000, pageSize: 20)
        let million = makeStore(userCount: 1_000_000, pageSize: 20)

        let small = try await thousand.searchUsers(query: "ada", page: 1)
        let large = try await million.searchUsers(query: "ada", page: 1)

        XCTAssertEqual(large.users, small.users, "same seed, same first matches")
        XCTAssertEqual(large.users.count, 20)
        let examinedSmall = await thousand.examinedNameCount
        let examinedLarge = await million.examinedNameCount
        let generatedSmall = await thousand.generatedUserCount
        let generatedLarge = await million.generatedUserCount
        // The name table (576 names) once, then only the 20 users on the page.
        XCTAssertEqual(examinedLarge, examinedSmall)
        XCTAssertEqual(examinedLarge, SampleUserNames.period)
        XCTAssertEqual(generatedLarge, generatedSmall)
        XCTAssertEqual(generatedLarge, 20)
    }

    func test_search_atAMillionUsers_aFarPageCostsNoMoreThanTheFirst() async throws {
        let store = makeStore(userCount: 1_000_000, pageSize: 20)
        let first = try await store.searchUsers(query: "ada", page: 1)
        let examinedFirst = await store.examinedNameCount
        let generatedFirst = await store.generatedUserCount

        let last = try await store.searchUsers(query: "ada", page: first.totalPages)

        let examined = await store.examinedNameCount - examinedFirst
        let generated = await store.generatedUserCount - generatedFirst
        XCTAssertEqual(examined, SampleUserNames.period)
        XCTAssertEqual(generated, last.users.count)
        XCTAssertTrue((1...20).contains(last.users.count))
        XCTAssertTrue(last.users.allSatisfy { $0.name.localizedCaseInsensitiveContains("ada") })
        XCTAssertEqual(last.users.map(\.id), last.users.map(\.id).sorted())
        XCTAssertLessThanOrEqual(last.users.last?.id ?? 0, 1_000_000)
        // Every full period holds the same number of matches, so the count is exact arithmetic.
        XCTAssertGreaterThan(first.totalPages, 1_000)
    }

    func test_search_withEdits_costsTheEditsOnTop_notTheUsers() async throws {
        let store = makeStore(userCount: 1_000_000, pageSize: 20)
        for id in [10, 500_000, 999_999] {
            _ = try await store.update(User(id: id, name: "Ada Edited", email: "e\(id)@example.com"))
        }

        let page = try await store.searchUsers(query: "ada", page: 1)

        let examined = await store.examinedNameCount
        let generated = await store.generatedUserCount
        XCTAssertEqual(examined, SampleUserNames.period + 3)
        XCTAssertLessThanOrEqual(generated, 20)
        XCTAssertTrue(page.users.contains { $0.id == 10 })
    }

    // MARK: Repository

    func test_repository_searchesItsStore_andNamesTheOperationInInjectedFailures() async throws {
        let store = makeStore()
        let sut = SampleUserRepository(store: store)
        let page = try await sut.searchUsers(query: "ada", page: 1)
        let direct = try await store.searchUsers(query: "ada", page: 1)
        XCTAssertEqual(page, direct)

        let failing = SampleUserRepository(
            store: store, conditions: SimulatedConditions(failures: .operations([.searchUsers])))
        let error = await errorThrown { try await failing.searchUsers(query: "ada", page: 1) }
        XCTAssertEqual(error as? DomainError, .injectedFailure(operation: "searchUsers"))
        let fetched = try await failing.fetchUsers(page: 1)
        XCTAssertEqual(fetched.users.count, 10, "other operations still work")
    }

    // MARK: Helpers

    /// Every page of `query`'s results, concatenated.
    private func allMatches(of query: String, in store: SampleDataStore) async throws -> [User] {
        var users: [User] = []
        var page = 1
        var totalPages = 1
        repeat {
            let result = try await store.searchUsers(query: query, page: page)
            XCTAssertEqual(result.page, page)
            XCTAssertLessThanOrEqual(result.users.count, store.configuration.pageSize)
            users += result.users
            totalPages = result.totalPages
            page += 1
        } while page <= totalPages
        return users
    }

    /// What a search must find, by reading every user (edits included) and filtering.
    private func bruteForceMatches(of query: String, in store: SampleDataStore) async throws -> [User] {
        var users: [User] = []
        for id in 1...store.configuration.userCount {
            let user = try await store.user(id: id)
            if user.name.range(of: query, options: .caseInsensitive) != nil { users.append(user) }
        }
        return users
    }
}

import MVVMTestSupport
import XCTest

@testable import MVVMDomain

final class SampleUserRepositoryTests: XCTestCase {
    private let configuration = SampleDataConfiguration(userCount: 30, pageSize: 10, postCount: 5)

    private func makeSUT(
        conditions: SimulatedConditions = .immediate,
        file: StaticString = #filePath, line: UInt = #line
    ) -> SampleUserRepository {
        let sut = SampleUserRepository(configuration: configuration, conditions: conditions)
        addTeardownBlock { [weak sut] in
            XCTAssertNil(sut, "the repository leaked", file: file, line: line)
        }
        return sut
    }

    func test_fetchUsers_returnsTheGeneratedPage() async throws {
        let sut = makeSUT()
        let page = try await sut.fetchUsers(page: 2)
        let expected = (10..<20).map(SampleDataGenerator(configuration: configuration).user(at:))
        XCTAssertEqual(page, UserPage(users: expected, page: 2, totalPages: 3))
    }

    func test_fetchUsers_pastTheLastPage_throwsNotFound() async {
        let sut = makeSUT()
        let error = await errorThrown { try await sut.fetchUsers(page: 4) }
        XCTAssertEqual(error as? DomainError, .notFound(what: "page", id: 4))
    }

    func test_update_isSeenByLaterFetches_andBySharingRepositories() async throws {
        let store = SampleDataStore(configuration: configuration)
        let users = SampleUserRepository(store: store)
        let otherUsers = SampleUserRepository(store: store)
        var user = try await users.fetchUser(id: 5)
        user.name = "Ada Lovelace"

        let saved = try await users.update(user)

        XCTAssertEqual(saved, user)
        let fetchedHere = try await users.fetchUser(id: 5)
        let fetchedThere = try await otherUsers.fetchUser(id: 5)
        let page = try await otherUsers.fetchUsers(page: 1)
        XCTAssertEqual(fetchedHere, user)
        XCTAssertEqual(fetchedThere, user)
        XCTAssertEqual(page.users[4], user)
    }

    func test_everyNthCallPolicy_failsExactlyThoseCalls() async {
        let sut = makeSUT(conditions: SimulatedConditions(failures: .everyNthCall(3)))
        var outcomes: [Bool] = []
        for _ in 1...7 {
            let succeeded = (try? await sut.fetchUser(id: 1)) != nil
            outcomes.append(succeeded)
        }
        XCTAssertEqual(outcomes, [true, true, false, true, true, false, true])
        XCTAssertEqual(sut.callCount, 7)
    }

    func test_injectedFailure_namesTheOperation() async {
        let sut = makeSUT(conditions: SimulatedConditions(failures: .always()))
        let error = await errorThrown { try await sut.fetchUsers(page: 1) }
        XCTAssertEqual(error as? DomainError, .injectedFailure(operation: "fetchUsers"))
        XCTAssertEqual(
            (error as? DomainError)?.localizedDescription,
            "The fetchUsers request failed because a failure was injected for testing.")
    }

    func test_failingUpdate_leavesTheUserUnchanged_whileReadsStillWork() async throws {
        let sut = makeSUT(
            conditions: SimulatedConditions(
                failures: .operations([.updateUser], error: .unavailable(reason: "offline"))))
        let original = try await sut.fetchUser(id: 2)
        var edited = original
        edited.name = "Changed"

        let error = await errorThrown { try await sut.update(edited) }

        XCTAssertEqual(error as? DomainError, .unavailable(reason: "offline"))
        let fetched = try await sut.fetchUser(id: 2)
        XCTAssertEqual(fetched, original)
    }

    func test_latency_isWaitedOutThroughTheInjectedSleeper_onEveryCall() async throws {
        let sleeper = RecordingSleeper()
        let sut = makeSUT(
            conditions: SimulatedConditions(
                latency: .milliseconds(300), sleep: sleeper.sleep))

        _ = try await sut.fetchUsers(page: 1)
        _ = try await sut.fetchUser(id: 1)
        _ = try await sut.update(User(id: 1, name: "New", email: "new@example.com"))

        XCTAssertEqual(sleeper.durations, Array(repeating: .milliseconds(300), count: 3))
    }

    func test_zeroLatency_neverCallsTheSleeper() async throws {
        let sleeper = RecordingSleeper()
        let sut = makeSUT(conditions: SimulatedConditions(sleep: sleeper.sleep))
        _ = try await sut.fetchUsers(page: 1)
        XCTAssertEqual(sleeper.durations, [])
    }

    func test_failure_comesAfterTheLatency_likeARealNetwork() async {
        let sleeper = RecordingSleeper()
        let sut = makeSUT(
            conditions: SimulatedConditions(
                latency: .seconds(1), failures: .always(), sleep: sleeper.sleep))
        _ = await errorThrown { try await sut.fetchUser(id: 1) }
        XCTAssertEqual(sleeper.durations, [.seconds(1)])
    }

    func test_cancellationDuringLatency_throwsCancellationError_andStoresNothing() async throws {
        let store = SampleDataStore(configuration: configuration)
        let sut = SampleUserRepository(
            store: store,
            conditions: SimulatedConditions(
                latency: .milliseconds(500), sleep: RecordingSleeper.cancellingTheCaller().sleep))
        let original = try await store.user(id: 9)
        let edited = User(id: 9, name: "Never Saved", email: original.email)

        let task = Task { try await sut.update(edited) }
        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        let stored = try await store.user(id: 9)
        XCTAssertEqual(stored, original)
    }

    func test_alreadyCancelledTask_throwsCancellationError_evenWithoutLatency() async {
        let sut = makeSUT()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.fetchUsers(page: 1)
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func test_realSleep_isTaskSleep_andHonoursCancellation() async {
        // The default sleeper is Task.sleep: a cancelled task wakes at once with
        // CancellationError instead of waiting out an hour of latency.
        let sut = SampleUserRepository(
            configuration: configuration, conditions: SimulatedConditions(latency: .seconds(3_600)))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.fetchUsers(page: 1)
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }
}

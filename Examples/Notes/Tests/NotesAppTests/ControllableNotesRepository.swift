import MVVMTestSupport
import Synchronization
import XCTest

@testable import NotesApp

/// A store whose calls wait until the test answers them, so a test decides when and in which
/// order results arrive, without sleeping (as the seeds' `ControllableUserRepository`).
///
/// Like a store that ignores cancellation, a cancelled call keeps waiting: it only records
/// `isCancelled`, so a test can check that a stale result never lands. Everything runs on the
/// main actor, so calls answered in some order are handled by the ViewModel in that order.
@MainActor
final class ControllableNotesRepository: NotesRepository {

    /// One call waiting for its answer.
    @MainActor
    final class Call<Value: Sendable> {
        private var continuation: CheckedContinuation<Value, any Error>?
        private nonisolated let cancelled = Atomic<Bool>(false)

        /// Whether the calling task was cancelled while the call waited.
        nonisolated var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

        func answer(_ value: Value) { take().resume(returning: value) }
        func fail(_ error: any Error) { take().resume(throwing: error) }

        fileprivate func wait() async throws -> Value {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { self.continuation = $0 }
            } onCancel: {
                self.markCancelled()
            }
        }

        private nonisolated func markCancelled() {
            cancelled.store(true, ordering: .releasing)
        }

        private func take() -> CheckedContinuation<Value, any Error> {
            guard let continuation else { preconditionFailure("the call was answered already, or is not waiting yet") }
            self.continuation = nil
            return continuation
        }
    }

    private(set) var allNotesCalls: [Call<[Note]>] = []
    private(set) var saveCalls: [(note: Note, call: Call<Note>)] = []
    private(set) var deleteCalls: [(id: Note.ID, call: Call<Void>)] = []
    private let waiters = ConditionExpectations<ControllableNotesRepository>()

    @MainActor func allNotes() async throws -> [Note] {
        let call = Call<[Note]>()
        allNotesCalls.append(call)
        waiters.fulfillMet(by: self)
        return try await call.wait()
    }

    @MainActor func save(_ note: Note) async throws -> Note {
        let call = Call<Note>()
        saveCalls.append((note, call))
        waiters.fulfillMet(by: self)
        return try await call.wait()
    }

    @MainActor func delete(id: Note.ID) async throws {
        let call = Call<Void>()
        deleteCalls.append((id, call))
        waiters.fulfillMet(by: self)
        try await call.wait()
    }

    /// An expectation fulfilled once `condition` holds: now, or when a later call arrives.
    func expectation(
        _ description: String, when condition: @escaping (ControllableNotesRepository) -> Bool
    ) -> XCTestExpectation {
        waiters.expectation(description, for: self, when: condition)
    }
}

@MainActor
extension XCTestCase {
    /// Waits until `condition` holds for the calls `repository` received.
    func waitForCalls(
        on repository: ControllableNotesRepository, _ what: String, where condition: @escaping (ControllableNotesRepository) -> Bool
    ) async {
        await fulfillment(of: [repository.expectation(what, when: condition)], timeout: 1)
    }

    /// Waits until `repository` received at least `count` `allNotes` calls.
    func waitForAllNotesCalls(_ count: Int, on repository: ControllableNotesRepository) async {
        await waitForCalls(on: repository, "\(count) allNotes call(s)") { $0.allNotesCalls.count >= count }
    }

    /// Waits until `repository` received at least `count` `delete` calls.
    func waitForDeleteCalls(_ count: Int, on repository: ControllableNotesRepository) async {
        await waitForCalls(on: repository, "\(count) delete call(s)") { $0.deleteCalls.count >= count }
    }

    /// Waits until `repository` received at least `count` `save` calls.
    func waitForSaveCalls(_ count: Int, on repository: ControllableNotesRepository) async {
        await waitForCalls(on: repository, "\(count) save call(s)") { $0.saveCalls.count >= count }
    }
}

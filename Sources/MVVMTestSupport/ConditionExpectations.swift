import XCTest

/// Expectations fulfilled once a condition on a test double's state holds: how a test waits,
/// without sleeping or polling, until the code under test has called a fake repository (say,
/// twice) before it answers those calls.
///
/// The double owns one and tells it after each change of its state; a test asks the double for
/// an expectation and awaits it:
///
/// ```swift
/// @MainActor final class ControllableRepository: ItemRepository {
///     private(set) var loadCalls: [Call] = []
///     private let waiters = ConditionExpectations<ControllableRepository>()
///
///     func load() async throws -> [Item] {
///         let call = Call()
///         loadCalls.append(call)
///         waiters.fulfillMet(by: self)
///         return try await call.wait()
///     }
///
///     func expectation(_ description: String,
///                      when condition: @escaping (ControllableRepository) -> Bool) -> XCTestExpectation {
///         waiters.expectation(description, for: self, when: condition)
///     }
/// }
///
/// // In a test:
/// await fulfillment(of: [repository.expectation("two loads") { $0.loadCalls.count >= 2 }], timeout: 1)
/// ```
///
/// Main-actor isolated, like the ViewModels and doubles it serves: conditions are checked on
/// the main actor, in the job that changed the state.
@MainActor
public final class ConditionExpectations<Subject> {
    private var waiting: [(condition: (Subject) -> Bool, expectation: XCTestExpectation)] = []

    /// No expectation waits yet.
    public init() {}

    /// An expectation fulfilled once `condition(subject)` holds: at once if it holds now,
    /// otherwise at the first later `fulfillMet(by:)` that finds it true. Each expectation is
    /// fulfilled once.
    ///
    /// - Parameters:
    ///   - description: shown when the wait times out.
    ///   - subject: the state the condition reads now (usually the double itself).
    ///   - condition: what must hold.
    public func expectation(
        _ description: String, for subject: Subject, when condition: @escaping (Subject) -> Bool
    ) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: description)
        waiting.append((condition, expectation))
        fulfillMet(by: subject)
        return expectation
    }

    /// Fulfils, and forgets, every waiting expectation whose condition holds for `subject`:
    /// call it after each change of the state the conditions read.
    public func fulfillMet(by subject: Subject) {
        let met = waiting.filter { $0.condition(subject) }
        guard !met.isEmpty else { return }
        waiting.removeAll { entry in met.contains { $0.expectation === entry.expectation } }
        for entry in met { entry.expectation.fulfill() }
    }
}

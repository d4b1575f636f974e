import MVVMBindingCore
import XCTest

@testable import NotesApp

@MainActor
extension XCTestCase {
    /// Runs `action`, then waits (with an expectation) for `count` values of `publisher` and
    /// returns them: the shared step of "do this, then see what it publishes", as in the seeds'
    /// tests. The repositories answer through main-actor tasks, so the values arrive while the
    /// test awaits.
    @discardableResult
    func values<P: Publisher>(
        of publisher: P, count: Int, _ what: String, after action: () -> Void
    ) async -> [P.Output] where P.Failure == Never {
        let received = expectation(description: "\(count) \(what)")
        received.expectedFulfillmentCount = count
        var values: [P.Output] = []
        let token = publisher.sink { value in
            values.append(value)
            received.fulfill()
        }
        action()
        await fulfillment(of: [received], timeout: 1)
        token.cancel()
        return values
    }

    /// Lets every main-actor job queued so far run: a task started now runs after them (the
    /// main queue runs jobs in order). The app's stores answer in the job that called them, so
    /// after this every command given so far has landed; a test uses it to see that something
    /// did NOT happen.
    func runQueuedMainActorJobs() async {
        await Task { @MainActor in }.value
    }
}

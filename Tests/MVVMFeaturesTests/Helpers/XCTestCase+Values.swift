import MVVMBinding
import XCTest

@MainActor
extension XCTestCase {
    /// Runs `action`, then waits (with an expectation) for `count` values of `publisher` and
    /// returns them: the shared step of "do this, then see what it publishes".
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
}

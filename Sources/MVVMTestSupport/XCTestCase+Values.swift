import MVVMBindingCore
import XCTest

@MainActor
extension XCTestCase {
    /// Runs `action`, then waits (with an `XCTestExpectation`, `await fulfillment`) for `count`
    /// values of `publisher` and returns them: the step "do this, then see what it publishes"
    /// of a ViewModel test, whether the values come at once, from a repository's task or from
    /// a `TestScheduler` that `action` advances.
    ///
    /// The subscription starts before `action` runs and ends when the values are in, so only
    /// what `action` causes is returned. A `@Published` property's publisher sends its current
    /// value on subscription: drop it (`sut.$isLoading.dropFirst()`) to wait for changes. More
    /// values than `count` before the wait ends fail the test (the expectation is
    /// over-fulfilled); too few fail it when `timeout` passes.
    ///
    /// ```swift
    /// let states = await values(of: sut.$isLoading.dropFirst(), count: 2, "loading states") {
    ///     sut.onAppear()
    /// }
    /// XCTAssertEqual(states, [true, false])
    /// ```
    ///
    /// - Parameters:
    ///   - publisher: what to observe; it must not fail.
    ///   - count: how many values to wait for.
    ///   - what: the values' name in the expectation's description (shown on a timeout).
    ///   - timeout: the longest wait, in seconds.
    ///   - action: what makes `publisher` send (runs once, after subscribing).
    @discardableResult
    public func values<P: Publisher>(
        of publisher: P, count: Int, _ what: String = "value(s)", timeout: TimeInterval = 1,
        file: StaticString = #filePath, line: UInt = #line,
        after action: () -> Void
    ) async -> [P.Output] where P.Failure == Never {
        let received = expectation(description: "\(count) \(what)")
        received.expectedFulfillmentCount = count
        let recorder = Recorder<P.Output, Never> { _ in received.fulfill() }
        publisher.subscribe(recorder)
        action()
        await fulfillment(of: [received], timeout: timeout, file: file, line: Int(line))
        recorder.cancel()
        return recorder.values
    }
}

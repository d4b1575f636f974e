import MVVMBinding
import XCTest

/// An object a test captures in an operator's closure: once it is released, so is everything
/// that held the closure.
final class LifetimeCanary: @unchecked Sendable {
    let value = 1
}

extension XCTestCase {
    /// Builds a pipeline on a `PassthroughSubject` whose operator closure captures a canary,
    /// subscribes, cancels, and asserts that the operator's subscription, its closure and the
    /// subscriber were all released.
    func assertCancelReleasesPipeline<P: Publisher>(
        _ makePipeline: (PassthroughSubject<Int, Never>, LifetimeCanary) -> P,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakCanary: LifetimeCanary?
        weak var weakSubscriber: TrackingSubscriber<P.Output, P.Failure>?
        do {
            let canary = LifetimeCanary()
            weakCanary = canary
            let subscriber = TrackingSubscriber<P.Output, P.Failure>()
            weakSubscriber = subscriber
            makePipeline(subject, canary).subscribe(subscriber)
            subject.send(1)
            subscriber.cancel()
        }
        XCTAssertNil(weakCanary, "the operator's closure outlived the cancel", file: file, line: line)
        XCTAssertNil(weakSubscriber, "the subscriber outlived the cancel", file: file, line: line)
    }
}

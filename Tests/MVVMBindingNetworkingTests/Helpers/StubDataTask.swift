import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A data task that only records `resume()` and `cancel()` calls.
final class StubDataTask: URLSessionDataTask, @unchecked Sendable {
    enum Call: Equatable {
        case resume
        case cancel
    }

    private let lock = NSLock()
    private var recorded: [Call] = []

    /// The calls so far, in order.
    var calls: [Call] { lock.withLock { recorded } }

    override func resume() { lock.withLock { recorded.append(.resume) } }

    override func cancel() { lock.withLock { recorded.append(.cancel) } }
}

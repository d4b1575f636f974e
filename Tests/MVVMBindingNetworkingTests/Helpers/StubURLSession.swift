import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session that makes no connection: `dataTask(with:completionHandler:)` records the request
/// and returns `task`, and `complete(_:_:_:)` calls every completion handler it was given, on
/// the test's thread, so a test decides when and how a task ends.
final class StubURLSession: URLSession, @unchecked Sendable {
    let task = StubDataTask()
    private let lock = NSLock()
    private var requests: [URLRequest] = []
    private var handlers: [@Sendable (Data?, URLResponse?, (any Error)?) -> Void] = []

    init() {
        super.init(configuration: .default, delegate: nil, delegateQueue: nil)
    }

    /// The requests data tasks were made for, in order.
    var dataTaskRequests: [URLRequest] { lock.withLock { requests } }

    override func dataTask(
        with request: URLRequest,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        lock.withLock {
            requests.append(request)
            handlers.append(completionHandler)
        }
        return task
    }

    /// Ends every data task made so far with `data`, `response` and `error`.
    func complete(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
        for handler in lock.withLock({ handlers }) {
            handler(data, response, error)
        }
    }
}

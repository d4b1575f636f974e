import Foundation
import MVVMBinding

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// A publisher that runs one data task per subscriber and publishes its data and response,
    /// or fails with the task's `URLError`.
    ///
    /// The task starts on the subscriber's first request and is cancelled when the
    /// subscription is; nothing is delivered after a cancel. An error that is not a `URLError`
    /// is reported as `URLError(.unknown)`. In its own module (`MVVMBindingNetworking`) so
    /// that only code that imports it links FoundationNetworking.
    public struct DataTaskPublisher: Publisher {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError

        /// The request each subscriber's task sends.
        public let request: URLRequest

        /// The session that runs the tasks.
        public let session: URLSession

        /// Creates a publisher that sends `request` through `session`.
        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriber.receive(subscription: DataTaskSubscription(downstream: subscriber, request: request, session: session))
        }
    }

    /// A publisher that loads `url`'s data.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// A publisher that sends `request` and publishes the data and response.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }
}

/// Starts the task on the first request and forgets the downstream once the task has ended
/// or the subscription was cancelled, so the downstream receives at most one ending.
/// What a data task's completion handler calls.
private protocol DataTaskEnding: AnyObject, Sendable {
    func taskEnded(data: Data?, response: URLResponse?, error: (any Error)?)
}

private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, DataTaskEnding, CustomStringConvertible,
    @unchecked Sendable
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    private struct State {
        var downstream: Downstream?  // nil once ended or cancelled
        var task: URLSessionDataTask?
        var isStarted = false
    }

    private let state: PthreadLocked<State>
    private let request: URLRequest
    private let session: URLSession

    init(downstream: Downstream, request: URLRequest, session: URLSession) {
        self.state = PthreadLocked(State(downstream: downstream))
        self.request = request
        self.session = session
    }

    var description: String { "DataTaskPublisher" }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        let shouldStart = state.withLock { state in
            defer { state.isStarted = true }
            return state.downstream != nil && !state.isStarted
        }
        guard shouldStart else { return }
        // Through a non-generic existential: the completion handler is `@Sendable` and may
        // not capture the subscriber's (non-`Sendable`) metatype.
        let ending: any DataTaskEnding = self
        let task = session.dataTask(with: request) { data, response, error in
            ending.taskEnded(data: data, response: response, error: error)
        }
        let isLive = state.withLock { state in
            guard state.downstream != nil else { return false }
            state.task = task
            return true
        }
        if isLive { task.resume() }
    }

    func cancel() {
        let task: URLSessionDataTask? = state.withLock { state in
            state.downstream = nil
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
    }

    func taskEnded(data: Data?, response: URLResponse?, error: (any Error)?) {
        let downstream: Downstream? = state.withLock { state in
            state.task = nil
            defer { state.downstream = nil }
            return state.downstream
        }
        guard let downstream else { return }
        if let error {
            downstream.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
        } else if let data, let response {
            _ = downstream.receive((data: data, response: response))
            downstream.receive(completion: .finished)
        } else {
            downstream.receive(completion: .failure(URLError(.badServerResponse)))
        }
    }
}

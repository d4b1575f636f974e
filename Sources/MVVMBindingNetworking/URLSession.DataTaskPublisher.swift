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
    /// subscription is; nothing is delivered after a cancel. A response without data publishes
    /// empty data; an error that is not a `URLError`, or no response, is reported as
    /// `URLError(.unknown)`, as Combine's. In its own module (`MVVMBindingNetworking`) so
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
            subscriber.receive(subscription: DataTaskSubscription(parent: self, downstream: subscriber))
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

/// What a data task's completion handler calls.
private protocol DataTaskEnding: AnyObject, Sendable {
    func taskEnded(data: Data?, response: URLResponse?, error: (any Error)?)
}

/// The subscription of a `DataTaskPublisher`, with Combine's protocol:
///
/// - The first request makes the task; every request (zero traps) adds to the demand and
///   resumes the task, as Combine's does (resuming a running task changes nothing).
/// - The task's first ending is delivered if there was demand: a response without error
///   publishes the data (empty if none came) and the response, then finishes; a `URLError`
///   fails with it; anything else (no response, another error) fails with
///   `URLError(.unknown)`. Later endings, and endings after a cancel, are ignored.
/// - A cancel cancels the task once. Mirror: task, downstream, parent, demand.
private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, DataTaskEnding, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    private struct State {
        var parent: URLSession.DataTaskPublisher?  // nil once ended or cancelled
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var task: URLSessionDataTask?

        mutating func terminate() {
            parent = nil
            downstream = nil
            demand = .none
            task = nil
        }
    }

    private let state: PthreadLocked<State>

    init(parent: URLSession.DataTaskPublisher, downstream: Downstream) {
        self.state = PthreadLocked(State(parent: parent, downstream: downstream))
    }

    var description: String { "DataTaskPublisher" }

    var playgroundDescription: Any { description }

    var customMirror: Mirror {
        let state = state.withLock { $0 }
        return Mirror(
            self,
            children: [
                ("task", state.task as Any), ("downstream", state.downstream as Any), ("parent", state.parent as Any),
                ("demand", state.demand),
            ])
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        // Through a non-generic existential: the completion handler is `@Sendable` and may
        // not capture the subscriber's (non-`Sendable`) metatype.
        let ending: any DataTaskEnding = self
        let task: URLSessionDataTask? = state.withLock { state in
            guard let parent = state.parent else { return nil }
            if state.task == nil {
                state.task = parent.session.dataTask(with: parent.request) { data, response, error in
                    ending.taskEnded(data: data, response: response, error: error)
                }
            }
            state.demand += demand
            return state.task
        }
        task?.resume()
    }

    func cancel() {
        let task: URLSessionDataTask?? = state.withLock { state in
            guard state.parent != nil else { return nil }
            defer { state.terminate() }
            return state.task
        }
        task??.cancel()
    }

    func taskEnded(data: Data?, response: URLResponse?, error: (any Error)?) {
        let downstream: Downstream? = state.withLock { state in
            guard state.demand > 0, state.parent != nil else { return nil }
            defer { state.terminate() }
            return state.downstream
        }
        guard let downstream else { return }
        switch (response, error) {
        case (let response?, nil):
            _ = downstream.receive((data: data ?? Data(), response: response))
            downstream.receive(completion: .finished)
        case (_, let error as URLError):
            downstream.receive(completion: .failure(error))
        default:
            downstream.receive(completion: .failure(URLError(.unknown)))
        }
    }
}

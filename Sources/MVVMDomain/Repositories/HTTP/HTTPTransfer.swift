import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the session delegate tells one transfer; each call arrives on the delegate queue.
protocol HTTPTransferEvents: AnyObject, Sendable {
    /// The status line and headers arrived; false refuses the body (it is too large).
    func received(response: URLResponse) -> Bool
    /// A piece of the body arrived; false stops the transfer (the body is too large).
    func received(data: Data) -> Bool
    /// The transfer ended, with `error` unless the whole answer arrived.
    func completed(error: (any Error)?)
}

/// One request in flight: collects the answer up to the size limit, decodes it on the
/// delegate queue (never on the caller's thread) and resumes the awaiting caller exactly once.
final class HTTPTransfer<Value: Sendable>: HTTPTransferEvents, @unchecked Sendable {
    private let limit: Int
    private let host: String
    private let decode: @Sendable (HTTPResponse) throws(DomainError) -> Value

    private let lock = NSLock()
    // Guarded by `lock`:
    private var continuation: CheckedContinuation<Value, any Error>?
    private var task: URLSessionDataTask?
    private var cancelled = false
    private var refusal: DomainError?
    private var status = 0
    private var totalCount: Int?
    private var body = Data()

    init(
        limit: Int, host: String,
        decode: @escaping @Sendable (HTTPResponse) throws(DomainError) -> Value
    ) {
        self.limit = limit
        self.host = host
        self.decode = decode
    }

    /// Takes the caller's continuation and the task about to run; false (and the caller
    /// resumed with `CancellationError`) when the caller was cancelled already.
    func begin(
        _ task: URLSessionDataTask, continuation: CheckedContinuation<Value, any Error>
    ) -> Bool {
        let proceed = lock.withLock {
            if cancelled { return false }
            self.task = task
            self.continuation = continuation
            return true
        }
        if !proceed { continuation.resume(throwing: CancellationError()) }
        return proceed
    }

    /// The caller's task was cancelled (a superseded load): stop the transfer. The delegate
    /// then reports it completed, which resumes the caller with `CancellationError`.
    func cancel() {
        let running = lock.withLock {
            cancelled = true
            return task
        }
        running?.cancel()
    }

    func received(response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        return lock.withLock {
            status = http?.statusCode ?? 0
            if let text = http?.value(forHTTPHeaderField: "X-Total-Count") {
                totalCount = Int(text.trimmingCharacters(in: .whitespaces))
            }
            if response.expectedContentLength > Int64(limit) {
                refusal = HTTPErrorMapping.oversized(limit: limit, host: host)
                return false
            }
            return true
        }
    }

    func received(data: Data) -> Bool {
        lock.withLock {
            guard refusal == nil else { return false }
            guard data.count <= limit - body.count else {
                refusal = HTTPErrorMapping.oversized(limit: limit, host: host)
                body = Data()
                return false
            }
            body.append(data)
            return true
        }
    }

    func completed(error: (any Error)?) {
        let (continuation, outcome) = lock.withLock {
            () -> (CheckedContinuation<Value, any Error>?, Outcome) in
            let taken = self.continuation
            self.continuation = nil
            self.task = nil
            if let refusal { return (taken, .failed(refusal)) }
            if cancelled { return (taken, .cancelled) }
            if let error { return (taken, .failed(HTTPErrorMapping.transportError(error, host: host))) }
            return (taken, .answered(HTTPResponse(status: status, totalCount: totalCount, body: body)))
        }
        guard let continuation else { return }
        switch outcome {
        case .cancelled:
            continuation.resume(throwing: CancellationError())
        case let .failed(error):
            continuation.resume(throwing: error)
        case let .answered(response):
            do throws(DomainError) {
                continuation.resume(returning: try decode(response))
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    private enum Outcome {
        case cancelled
        case failed(DomainError)
        case answered(HTTPResponse)
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests through one `URLSession` whose delegate runs on a private queue, and hands
/// back decoded values. A cancelled caller cancels its `URLSessionTask`.
final class HTTPClient: Sendable {
    let configuration: HTTPRepositoryConfiguration
    private let session: URLSession
    private let delegate: HTTPSessionDelegate
    /// The host as error messages name it ("127.0.0.1:8080").
    let hostDescription: String

    init(configuration: HTTPRepositoryConfiguration) {
        self.configuration = configuration
        let settings = URLSessionConfiguration.ephemeral
        settings.timeoutIntervalForRequest = configuration.timeout
        settings.timeoutIntervalForResource = configuration.timeout
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        settings.urlCache = nil
        settings.httpCookieStorage = nil
        settings.httpAdditionalHeaders = ["Accept": "application/json"]
        let queue = OperationQueue()
        queue.name = "mvvm.HTTPRepository"
        queue.maxConcurrentOperationCount = 1
        delegate = HTTPSessionDelegate()
        session = URLSession(configuration: settings, delegate: delegate, delegateQueue: queue)
        let url = configuration.baseURL
        hostDescription = (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
    }

    deinit {
        // The session keeps its delegate until invalidated; this ends that cycle.
        session.invalidateAndCancel()
    }

    /// The URL of `path` (no leading slash) under the base URL, with `query` percent-encoded
    /// strictly (so `+` and `&` in a search reach the server as themselves).
    func url(_ path: String, query: [(String, String)] = []) -> URL {
        var text = configuration.baseURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        text += path
        if !query.isEmpty {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            text += "?" + query.map { name, value in
                name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
            }.joined(separator: "&")
        }
        // Built from a validated base URL, a fixed path and percent-encoded values.
        return URL(string: text)!
    }

    /// Sends `method` to `url` with an optional JSON `body`, and decodes the answer with
    /// `decode` on the delegate queue.
    ///
    /// - Throws: what `decode` throws, a `DomainError` for a transport failure or an
    ///   oversized body, or `CancellationError` when the calling task is cancelled.
    func send<Value: Sendable>(
        _ method: String, _ url: URL, body: Data? = nil,
        decode: @escaping @Sendable (HTTPResponse) throws(DomainError) -> Value
    ) async throws -> Value {
        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let transfer = HTTPTransfer(
            limit: configuration.maxBodyBytes, host: hostDescription, decode: decode)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                delegate.register(transfer, for: task.taskIdentifier)
                if transfer.begin(task, continuation: continuation) {
                    task.resume()
                } else {
                    task.cancel()
                }
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

import FoundationEssentials
import MVVMBindingCore

/// Sends requests through libcurl on its own thread (`HTTPTransferLoop`) and hands back
/// decoded values. The caller's thread only builds the request and waits without blocking;
/// the answer is collected, size-checked and decoded on the loop's thread. A cancelled caller
/// cancels its transfer.
final class HTTPClient: Sendable {
    let configuration: HTTPRepositoryConfiguration
    private let loop: HTTPTransferLoop?
    private let startFailure: DomainError?
    /// The host as error messages name it ("127.0.0.1:8080").
    let hostDescription: String

    init(configuration: HTTPRepositoryConfiguration) {
        self.configuration = configuration
        let url = configuration.baseURL
        hostDescription = (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
        do throws(DomainError) {
            loop = try HTTPTransferLoop()
            startFailure = nil
        } catch {
            loop = nil
            startFailure = error
        }
    }

    deinit {
        loop?.stop()
    }

    /// The URL of `path` (no leading slash) under the base URL, with `query` percent-encoded
    /// strictly: every byte of the UTF-8 but ASCII letters, digits and `-._~` (so `+`, `&` and
    /// non-ASCII letters in a search reach the server as themselves).
    func url(_ path: String, query: [(String, String)] = []) throws(DomainError) -> URL {
        var text = configuration.baseURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        text += path
        if !query.isEmpty {
            text +=
                "?"
                + query.map { name, value in
                    name + "=" + Self.percentEncoded(value)
                }.joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw .invalidInput(message: "the request URL \(text) cannot be formed")
        }
        return url
    }

    private static func percentEncoded(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Sends `method` to `url` with an optional JSON `body`, and decodes the answer with
    /// `decode` on the transfer thread. Runs on the caller's actor (`nonisolated(nonsending)`,
    /// as the repository requirements do): the request reaches the transfer thread straight
    /// from the host thread, and the answer resumes the caller's actor directly, with no
    /// pool thread in between either way (each would be one more thread wake-up).
    ///
    /// - Throws: what `decode` throws, a `DomainError` for a transport failure or an
    ///   oversized body, or `CancellationError` when the calling task is cancelled.
    func send<Value: Sendable>(
        _ method: String, _ url: URL, body: Data? = nil,
        decode: @escaping @Sendable (HTTPResponse) throws(DomainError) -> Value,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Value {
        guard let loop else { throw startFailure ?? .unavailable(reason: "the HTTP client is not running") }
        try Task.checkCancellation()
        let exchange = HTTPExchange(
            method: method, url: url, body: body, configuration: configuration,
            host: hostDescription)
        let awaitedOnMainActor = isolation === MainActor.shared
        // The operation closure captures `isolation`, which makes it isolated to the caller's
        // actor too (SE-0420); otherwise it would run on the global executor, and the answer
        // would resume a pool thread that then wakes the caller: a thread wake-up more.
        return try await withTaskCancellationHandler(
            operation: {
                _ = isolation
                return try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
                    let waiting = exchange.whenFinished { outcome in
                        let result: Result<Value, any Error>
                        switch outcome {
                        case .cancelled:
                            result = .failure(CancellationError())
                        case let .failed(error):
                            result = .failure(error)
                        case let .answered(response):
                            do throws(DomainError) {
                                result = .success(try decode(response))
                            } catch {
                                result = .failure(error)
                            }
                        }
                        // Awaited from the main actor: straight to the main queue, no pool thread.
                        MainBoundResume.perform(if: awaitedOnMainActor) { continuation.resume(with: result) }
                    }
                    if waiting {
                        loop.add(exchange)
                    } else {
                        continuation.resume(throwing: CancellationError())
                    }
                }
            },
            onCancel: {
                loop.cancel(exchange)
            }, isolation: isolation)
    }
}

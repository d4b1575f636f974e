import CCurl
import FoundationEssentials
import MVVMBindingCore

/// One request and its answer: what to send, then the status and headers as they arrive and
/// the body up to the size limit. Built on the caller's thread (plain values only); from
/// `HTTPTransferLoop.add` on, only the loop's thread touches it: the loop lends it one of its
/// libcurl easy handles (`attach`), takes the handle back when the transfer ends (`detach`),
/// and `finish` hands the outcome to `onFinish` (on that thread) exactly once.
///
/// Whether the answer is complete is decided here, not trusted to libcurl: a connection that
/// closes before the blank line ending the headers is a lost connection, whatever libcurl
/// reports (7.88 reports success for it).
final class HTTPExchange: @unchecked Sendable {
    /// How a request ended.
    enum Outcome {
        case answered(HTTPResponse)
        case failed(DomainError)
        case cancelled
    }

    private let method: String
    private let url: String
    private let requestBody: Data?
    private let timeoutMilliseconds: Int
    private let limit: Int
    private let headerLimit: Int
    private let host: String

    // The loop's thread only:
    /// The easy handle lent by the loop while the transfer runs.
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    // Written by libcurl's callbacks on the loop's thread:
    private var status = 0
    private var totalCount: Int?
    private var headersComplete = false
    /// The bytes of header lines received, interim answers' included.
    private var headerBytes = 0
    private var body = Data()
    private var refusal: DomainError?

    /// Whether it was cancelled, and what runs with the outcome: set and read from any thread.
    private let ending = PthreadLocked(Ending())

    private struct Ending {
        var cancelled = false
        var onFinish: (@Sendable (Outcome) -> Void)?
    }

    /// A request for `method` on `url` with an optional JSON `body`; nothing of libcurl's is
    /// made here, so the caller's thread (the host's) does no more than copy these values.
    init(
        method: String, url: URL, body: Data?, configuration: HTTPRepositoryConfiguration,
        host: String
    ) {
        self.method = method
        self.url = url.absoluteString
        self.requestBody = body
        self.timeoutMilliseconds = max(1, Int(configuration.timeout * 1_000))
        self.limit = configuration.maxBodyBytes
        self.headerLimit = configuration.maxHeaderBytes
        self.host = host
    }

    /// Sets the request up on `easy`, a handle fresh from `curl_easy_init` or
    /// `curl_easy_reset` (the loop's thread). Reusing handles keeps their caches warm: a new
    /// handle per request cost the transfer thread more than the request itself.
    func attach(to easy: UnsafeMutableRawPointer) {
        self.easy = easy
        ccurl_set_string(easy, CURLOPT_URL, url)
        ccurl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        ccurl_set_long(easy, CURLOPT_TIMEOUT_MS, timeoutMilliseconds)
        ccurl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds)
        ccurl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        if method != "GET" { ccurl_set_string(easy, CURLOPT_CUSTOMREQUEST, method) }
        headerList = ccurl_slist_append(headerList, "Accept: application/json")
        headerList = ccurl_slist_append(headerList, "Expect:")
        if let requestBody {
            headerList = ccurl_slist_append(headerList, "Content-Type: application/json")
            ccurl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(requestBody.count))
            requestBody.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS: libcurl keeps its own copy of the bytes.
                _ = ccurl_set_pointer(
                    easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }
        ccurl_set_list(easy, CURLOPT_HTTPHEADER, headerList)
        let context = Unmanaged.passUnretained(self).toOpaque()
        ccurl_set_data_fn(easy, CURLOPT_HEADERFUNCTION, headerCallback)
        ccurl_set_pointer(easy, CURLOPT_HEADERDATA, context)
        ccurl_set_data_fn(easy, CURLOPT_WRITEFUNCTION, writeCallback)
        ccurl_set_pointer(easy, CURLOPT_WRITEDATA, context)
    }

    /// Takes the easy handle back (the loop's thread, after `curl_multi_remove_handle`).
    func detach() -> UnsafeMutableRawPointer? {
        defer { easy = nil }
        return easy
    }

    deinit {
        // The handle went back to the loop; the header list lives as long as the exchange
        // because libcurl reads it until the transfer ends.
        ccurl_slist_free_all(headerList)
    }

    /// Sets what runs with the outcome; false (and nothing set) when the exchange was
    /// cancelled already, so the caller answers its waiter itself.
    func whenFinished(_ body: @escaping @Sendable (Outcome) -> Void) -> Bool {
        ending.withLock { ending in
            guard !ending.cancelled else { return false }
            ending.onFinish = body
            return true
        }
    }

    /// Marks the exchange cancelled (any thread); the loop then ends it.
    func markCancelled() {
        ending.withLock { $0.cancelled = true }
    }

    var isCancelled: Bool { ending.withLock { $0.cancelled } }

    /// Ends the exchange with libcurl's result `code` (on the loop's thread).
    func finish(code: CURLcode) {
        let outcome: Outcome
        if isCancelled {
            outcome = .cancelled
        } else if let refusal {
            outcome = .failed(refusal)
        } else if code == CURLE_OUT_OF_MEMORY && !headersComplete {
            // libcurl's own refusal of one header line over CURL_MAX_HTTP_HEADER, which is
            // above any limit we accept.
            outcome = .failed(HTTPErrorMapping.oversizedHeaders(limit: headerLimit, host: host))
        } else if code != CURLE_OK {
            outcome = .failed(HTTPErrorMapping.transportError(code: code, host: host))
        } else if !headersComplete {
            outcome = .failed(HTTPErrorMapping.connectionLost(host: host))
        } else {
            outcome = .answered(HTTPResponse(status: status, totalCount: totalCount, body: body))
        }
        finish(outcome)
    }

    /// Ends the exchange with `outcome` (cancellation before it started, a shutdown).
    func finish(_ outcome: Outcome) {
        let body = ending.withLock { ending -> (@Sendable (Outcome) -> Void)? in
            defer { ending.onFinish = nil }
            return ending.onFinish
        }
        body?(outcome)
    }

    // MARK: libcurl's callbacks (the loop's thread)

    /// One header line, status lines of interim (1xx) answers and the blank line included.
    /// Returns false to stop the transfer (the headers or the announced body are over their
    /// limits). Read as bytes: the two headers that matter are ASCII, and this runs for every
    /// line.
    fileprivate func receiveHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        headerBytes += line.count
        guard headerBytes <= headerLimit else {
            refusal = HTTPErrorMapping.oversizedHeaders(limit: headerLimit, host: host)
            return false
        }
        var end = line.count
        while end > 0 && (line[end - 1] == 0x0A || line[end - 1] == 0x0D) { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: line[0..<end])
        if end == 0 {
            // The blank line: a final (non-1xx) answer's headers are complete.
            if status >= 200 { headersComplete = true }
            return true
        }
        if HeaderLine.hasPrefix(text, "HTTP/") {
            // "HTTP/1.1 200 OK": the status is the second field.
            let fields = text.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
            status = fields.count >= 2 ? HeaderLine.integer(UnsafeBufferPointer(rebasing: fields[1])) ?? 0 : 0
            headersComplete = false
            totalCount = nil
            return true
        }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let name = HeaderLine.trimmed(UnsafeBufferPointer(rebasing: text[..<colon]))
        let value = HeaderLine.trimmed(UnsafeBufferPointer(rebasing: text[(colon + 1)...]))
        if HeaderLine.equalsIgnoringCase(name, "x-total-count") {
            totalCount = HeaderLine.integer(value)
        } else if HeaderLine.equalsIgnoringCase(name, "content-length") {
            if let length = HeaderLine.integer(value), length > limit {
                refusal = HTTPErrorMapping.oversized(limit: limit, host: host)
                return false
            }
        }
        return true
    }

    /// A piece of the body. Returns false to stop the transfer (the body passed the limit).
    fileprivate func receiveBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= limit - body.count else {
            refusal = HTTPErrorMapping.oversized(limit: limit, host: host)
            body = Data()
            return false
        }
        body.append(bytes)
        return true
    }
}

/// libcurl's header callback: hands each line to its exchange; a short count stops it.
private let headerCallback: ccurl_data_fn = { bytes, size, count, context in
    let total = size * count
    guard let bytes, let context else { return total }
    let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeUnretainedValue()
    let line = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: total)
    return exchange.receiveHeader(line) ? total : 0
}

/// libcurl's write callback: hands each piece of the body to its exchange.
private let writeCallback: ccurl_data_fn = { bytes, size, count, context in
    let total = size * count
    guard let bytes, let context else { return total }
    let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeUnretainedValue()
    let piece = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: total)
    return exchange.receiveBody(piece) ? total : 0
}

import FoundationEssentials

/// Where an `HTTPRepository` finds its server and the limits it keeps.
public struct HTTPRepositoryConfiguration: Sendable, Hashable {
    /// The server's base URL (scheme `http` or `https`); paths such as `users/3` are appended.
    public var baseURL: URL
    /// Users per page, sent as `_limit`.
    public var pageSize: Int
    /// How long one request may take in all, connecting included, in seconds.
    public var timeout: TimeInterval
    /// The largest body accepted, in bytes; a larger one is refused as soon as it shows.
    public var maxBodyBytes: Int
    /// The largest headers accepted (status line and header lines), in bytes; larger ones are
    /// refused as soon as they pass it. At most `maxHeaderBytesLimit`: libcurl refuses one
    /// line longer than that by itself, which is reported as the same refusal.
    public var maxHeaderBytes: Int

    /// The default header limit, 64 KiB.
    public static let defaultMaxHeaderBytes = 64 * 1024
    /// libcurl's limit for one header line (CURL_MAX_HTTP_HEADER), so the most
    /// `maxHeaderBytes` can be.
    public static let maxHeaderBytesLimit = 100 * 1024

    /// The defaults: 20 users per page, 10 seconds, 4 MiB of body, 64 KiB of headers.
    public init(
        baseURL: URL, pageSize: Int = 20, timeout: TimeInterval = 10,
        maxBodyBytes: Int = 4 * 1024 * 1024, maxHeaderBytes: Int = defaultMaxHeaderBytes
    ) {
        precondition(
            (1...Self.maxHeaderBytesLimit).contains(maxHeaderBytes),
            "maxHeaderBytes must be within 1...\(Self.maxHeaderBytesLimit)")
        self.baseURL = baseURL
        self.pageSize = pageSize
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
    }

    /// Checks a base URL given as text: it must parse, use `http` or `https` and name a host.
    ///
    /// - Throws: `DomainError.invalidInput` saying which of these is wrong.
    public static func validatedBaseURL(_ text: String) throws(DomainError) -> URL {
        // Not encodingInvalidCharacters: a space or another character a URL cannot hold is a
        // mistake to report, not something to percent-encode silently.
        guard let components = URLComponents(string: text, encodingInvalidCharacters: false),
            let url = components.url
        else {
            throw .invalidInput(message: "the base URL \"\(text)\" cannot be parsed")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw .invalidInput(
                message: "the base URL \"\(text)\" must start with http:// or https://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidInput(message: "the base URL \"\(text)\" names no host")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidInput(
                message: "the base URL \"\(text)\" must not have a query or a fragment")
        }
        return url
    }
}

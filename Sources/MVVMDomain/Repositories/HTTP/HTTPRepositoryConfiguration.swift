import Foundation

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

    /// The defaults: 20 users per page, 10 seconds, 4 MiB.
    public init(
        baseURL: URL, pageSize: Int = 20, timeout: TimeInterval = 10,
        maxBodyBytes: Int = 4 * 1024 * 1024
    ) {
        self.baseURL = baseURL
        self.pageSize = pageSize
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// Checks a base URL given as text: it must parse, use `http` or `https` and name a host.
    ///
    /// - Throws: `DomainError.invalidInput` saying which of these is wrong.
    public static func validatedBaseURL(_ text: String) throws(DomainError) -> URL {
        guard let components = URLComponents(string: text), let url = components.url else {
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

import FoundationEssentials

/// One complete answer of the server: the status, the headers the repository reads, the body.
struct HTTPResponse: Sendable {
    /// The HTTP status code.
    var status: Int
    /// `X-Total-Count`, when the server sent a valid one.
    var totalCount: Int?
    /// The whole body, at most the client's size limit.
    var body: Data
}

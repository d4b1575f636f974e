import FoundationEssentials

/// Checks an answer's status and reads its JSON body, turning every failure into the
/// `DomainError` the caller shows. Any byte sequence gives a value or an error, never a trap.
struct HTTPBodyDecoder: Sendable {
    /// The host as messages name it.
    var host: String

    /// The body of a 2xx answer, read by `read` (which must consume one whole JSON value).
    ///
    /// - Parameters:
    ///   - what, id: the resource a 404 is about ("user", 3).
    func decode<T>(
        from response: HTTPResponse, what: String, id: Int,
        _ read: (inout HTTPJSONScanner) throws(HTTPJSONScanner.Failure) -> T
    ) throws(DomainError) -> T {
        guard (200...299).contains(response.status) else {
            throw HTTPErrorMapping.status(
                response.status, body: response.body, what: what, id: id, host: host)
        }
        var scanner = HTTPJSONScanner([UInt8](response.body))
        do throws(HTTPJSONScanner.Failure) {
            let value = try read(&scanner)
            try scanner.finish()
            return value
        } catch {
            throw error.isNUL ? HTTPErrorMapping.holdsNUL(host: host) : HTTPErrorMapping.malformed(host: host)
        }
    }

    /// `record`, whose id is `id`, if that is the id asked for: a server that answers
    /// `users/7` with user 8 is refused rather than shown as user 7.
    func requireID<T>(_ record: T, id: Int, asked: Int, what: String) throws(DomainError) -> T {
        guard id == asked else { throw HTTPErrorMapping.wrongRecord(what: what, sent: id, asked: asked, host: host) }
        return record
    }

    /// A page of users from `GET /users?...`: the array and `X-Total-Count`, checked against
    /// each other and against the page asked for.
    ///
    /// - Throws: `DomainError.notFound` for a page past the last one, `.unavailable` for a
    ///   missing or impossible total or a page larger than asked.
    func userPage(
        from response: HTTPResponse, page: Int, pageSize: Int
    ) throws(DomainError) -> UserPage {
        let users = try decode(from: response, what: "page", id: page, HTTPWireUser.readArray)
        guard let total = response.totalCount, total >= 0, users.count <= pageSize,
            total >= users.count
        else {
            throw HTTPErrorMapping.malformed(host: host)
        }
        let totalPages = Paging.totalPages(count: total, pageSize: pageSize)
        guard page <= totalPages else { throw .notFound(what: "page", id: page) }
        return UserPage(users: users.map(\.user), page: page, totalPages: totalPages)
    }
}

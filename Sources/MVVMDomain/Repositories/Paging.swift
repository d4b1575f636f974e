/// The page arithmetic every built-in user repository shares, so they agree on the edges.
enum Paging {
    /// `ceil(count / pageSize)`, but at least 1: an empty collection has one empty page.
    static func totalPages(count: Int, pageSize: Int) -> Int {
        precondition(count >= 0 && pageSize >= 1)
        return max(1, count / pageSize + (count % pageSize == 0 ? 0 : 1))
    }

    /// Refuses a page number below 1 (`DomainError.invalidInput`): pages count from 1.
    static func checkPageNumber(_ page: Int) throws(DomainError) {
        guard page >= 1 else {
            throw .invalidInput(message: "page numbers start at 1, but page \(page) was requested")
        }
    }

    /// The element indices on 1-based `page`, after checking the page exists.
    ///
    /// - Throws: `DomainError.invalidInput` for `page < 1`, `DomainError.notFound` for a page
    ///   past the last one.
    static func indices(
        ofPage page: Int, count: Int, pageSize: Int
    ) throws(DomainError) -> Range<Int> {
        try checkPageNumber(page)
        guard page <= totalPages(count: count, pageSize: pageSize) else {
            throw .notFound(what: "page", id: page)
        }
        // page <= totalPages keeps start below count (or 0), so neither line overflows.
        let start = (page - 1) * pageSize
        return start..<start + min(pageSize, count - start)
    }
}

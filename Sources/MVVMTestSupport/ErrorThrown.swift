import XCTest

/// The error `body` throws, or `nil` (after recording a test failure) when it returns
/// normally: `XCTAssertThrowsError` for asynchronous code. It runs on the caller's actor, so
/// `body` may use main-actor state from a `@MainActor` test.
///
/// ```swift
/// let error = await errorThrown { try await store.delete(id: 4) }
/// XCTAssertEqual(error as? StoreError, .notFound(4))
/// ```
///
/// - Parameters:
///   - file, line: where the failure is reported (the caller by default).
///   - body: the call expected to throw.
nonisolated(nonsending) public func errorThrown<T>(
    file: StaticString = #filePath, line: UInt = #line,
    by body: () async throws -> T
) async -> (any Error)? {
    do {
        let value = try await body()
        XCTFail("expected an error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

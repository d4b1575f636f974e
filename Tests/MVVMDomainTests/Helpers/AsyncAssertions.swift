import XCTest

/// The error `body` throws, or `nil` (after recording a failure) when it returns normally.
func errorThrown<T>(
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

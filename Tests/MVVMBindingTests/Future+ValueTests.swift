import Foundation
import MVVMBinding
import XCTest

final class FutureValueTests: XCTestCase {
    func test_value_returnsTheValueOfAResolvedFuture() async {
        let future = Future<Int, Never> { promise in promise(.success(8)) }

        let value = await future.value

        XCTAssertEqual(value, 8)
    }

    func test_value_returnsAValueResolvedAfterTheFutureWasCreated() async throws {
        let promiseBox = PromiseBox<String>()
        let future = Future<String, TestError> { promise in promiseBox.store(promise) }

        async let value = future.value
        promiseBox.fulfil(.success("done"))

        let result = try await value
        XCTAssertEqual(result, "done")
    }

    func test_value_throwsTheFailure() async {
        let future = Future<Int, TestError> { promise in promise(.failure(.oops)) }

        do {
            _ = try await future.value
            XCTFail("expected the failure to be thrown")
        } catch {
            XCTAssertEqual(error as? TestError, .oops)
        }
    }
}

/// Holds a future's promise so a test resolves it after the await has begun.
private final class PromiseBox<Output: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var promise: (@Sendable (Result<Output, TestError>) -> Void)?

    func store(_ promise: @escaping @Sendable (Result<Output, TestError>) -> Void) {
        lock.withLock { self.promise = promise }
    }

    func fulfil(_ result: Result<Output, TestError>) {
        lock.withLock { promise }?(result)
    }
}

import MVVMBinding
import XCTest

final class AsyncThrowingPublisherTests: XCTestCase {
    func test_values_yieldsEveryValueThenEndsWhenThePublisherFinishes() async throws {
        var received: [Int] = []

        for try await value in [1, 2, 3].publisher.setFailureType(to: TestError.self).values {
            received.append(value)
        }

        XCTAssertEqual(received, [1, 2, 3])
    }

    func test_failure_isThrownAfterTheValuesBeforeIt() async {
        let subject = CurrentValueSubject<Int, TestError>(1)
        var received: [Int] = []
        var iterator = subject.values.makeAsyncIterator()

        do {
            received.append(try await iterator.next()!)
            subject.send(completion: .failure(.oops))
            _ = try await iterator.next()
            XCTFail("expected the failure to be thrown")
        } catch {
            XCTAssertEqual(error as? TestError, .oops)
        }

        XCTAssertEqual(received, [1])
        do {
            let afterFailure = try await iterator.next()
            XCTAssertNil(afterFailure, "the sequence ends after throwing")
        } catch {
            XCTFail("the failure is thrown once, then the sequence ends")
        }
    }

    func test_failWithoutValues_throwsAtOnce() async {
        do {
            for try await _ in Fail<Int, TestError>(error: .oops).values {
                XCTFail("no value expected")
            }
            XCTFail("expected the failure to be thrown")
        } catch {
            XCTAssertEqual(error as? TestError, .oops)
        }
    }

    func test_eachNext_requestsExactlyOneValue() async throws {
        let requested = RequestCounter()
        let upstream = DrivenPublisher<Int, TestError>(onRequest: { _ in requested.increment() })
        var iterator = upstream.values.makeAsyncIterator()
        let sender = Task.detached {
            await requested.waitFor(1)
            upstream.send(5)
        }

        let value = try await iterator.next()
        await sender.value

        XCTAssertEqual(value, 5)
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_cancellingTheTask_cancelsTheSubscriptionAndEndsTheIteration() async throws {
        let requested = RequestCounter()
        let upstream = DrivenPublisher<Int, TestError>(onRequest: { _ in requested.increment() })
        let task = Task {
            var iterator = upstream.values.makeAsyncIterator()
            return try await iterator.next()
        }

        await requested.waitFor(1)
        task.cancel()

        let result = try await task.value
        XCTAssertNil(result)
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    @MainActor
    func test_aValueBeforeTheSubscription_endsTheWaitingCalls_whoseDemandIsAskedForWhenItArrives() async throws {
        let upstream = DrivenPublisher<Int, TestError>(subscribesAtOnce: false)
        let iterator = upstream.values.makeAsyncIterator()
        let first = Task { @MainActor in
            var copy = iterator
            return try await copy.next(isolation: #isolation)
        }
        let second = Task { @MainActor in
            var copy = iterator
            return try await copy.next(isolation: #isolation)
        }
        // Main-actor jobs run in order: both calls are waiting once this one resumes.
        for _ in 0..<3 { await Task.yield() }

        XCTAssertEqual(upstream.send(42), .none)
        let received = [try await first.value, try await second.value]
        upstream.sendSubscription()

        XCTAssertEqual(received, [nil, nil], "as Combine's: a broken publisher's early value ends the waiting calls")
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(2))])
    }
}

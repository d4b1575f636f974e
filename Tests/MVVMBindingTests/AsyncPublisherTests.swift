import Dispatch
import MVVMBinding
import XCTest

final class AsyncPublisherTests: XCTestCase {
    func test_values_yieldsEveryValueThenEndsWhenThePublisherFinishes() async {
        var received: [Int] = []

        for await value in [1, 2, 3].publisher.values {
            received.append(value)
        }

        XCTAssertEqual(received, [1, 2, 3])
    }

    func test_eachNext_requestsExactlyOneValue() async {
        let requested = RequestCounter()
        let upstream = DrivenPublisher<Int, Never>(onRequest: { _ in requested.increment() })
        var iterator = upstream.values.makeAsyncIterator()
        XCTAssertEqual(upstream.subscription.requests, [], "nothing is requested before next()")

        let sender = Task.detached {
            await requested.waitFor(1)
            upstream.send(10)
            await requested.waitFor(2)
            upstream.send(20)
        }
        let first = await iterator.next()
        let second = await iterator.next()
        await sender.value

        XCTAssertEqual([first, second], [10, 20])
        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(1)])
    }

    func test_cancellingTheTask_cancelsTheSubscriptionAndEndsTheIteration() async {
        let requested = RequestCounter()
        let upstream = DrivenPublisher<Int, Never>(onRequest: { _ in requested.increment() })
        let task = Task {
            var iterator = upstream.values.makeAsyncIterator()
            return await iterator.next()
        }

        await requested.waitFor(1)
        task.cancel()

        let result = await task.value
        XCTAssertNil(result)
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_aTaskCancelledBeforeIterating_getsNilAtOnce() async {
        let subject = PassthroughSubject<Int, Never>()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = subject.values.makeAsyncIterator()
            return await iterator.next()
        }

        let result = await task.value

        XCTAssertNil(result)
    }

    func test_leavingTheLoopEarly_cancelsTheSubscription() async {
        let cancelled = expectation(description: "the subscription is cancelled")
        let subject = CurrentValueSubject<Int, Never>(1)
        let publisher = subject.handleEvents(receiveCancel: { cancelled.fulfill() })

        for await value in publisher.values {
            XCTAssertEqual(value, 1)
            break
        }

        await fulfillment(of: [cancelled], timeout: 2)
    }

    func test_valuesSentFromOtherThreads_arriveInOrder() async {
        let counter = RequestCounter()
        let upstream = DrivenPublisher<Int, Never>(onRequest: { _ in counter.increment() })
        let sender = Task.detached {
            for n in 0..<100 {
                await counter.waitFor(n + 1)
                DispatchQueue.global().async { upstream.send(n) }
            }
            await counter.waitFor(101)
            upstream.send(completion: .finished)
        }
        var received: [Int] = []

        for await value in upstream.values { received.append(value) }

        await sender.value
        XCTAssertEqual(received, Array(0..<100))
    }

    @MainActor
    func test_iteratingOnTheMainActor_deliversNonSendableValues() async {
        final class Row {
            let id: Int
            init(id: Int) { self.id = id }
        }
        var ids: [Int] = []

        for await row in [Row(id: 1), Row(id: 2)].publisher.values {
            ids.append(row.id)
        }

        XCTAssertEqual(ids, [1, 2])
    }
}

// MARK: - Combine's rules (issue 24)

extension AsyncPublisherTests {
    func test_twoTasksWaitingOnOneIterator_eachReceiveOneValue() async {
        let requests = RequestCounter()
        let upstream = DrivenPublisher<Int, Never>(onRequest: { _ in requests.increment() })
        // Combine's iterator is not Sendable either; sharing it between tasks is what is tested.
        nonisolated(unsafe) let iterator = upstream.values.makeAsyncIterator()

        let first = Task {
            var copy = iterator
            return await copy.next()
        }
        let second = Task {
            var copy = iterator
            return await copy.next()
        }
        await requests.waitFor(2)
        upstream.send(1)
        upstream.send(2)
        let received = [await first.value, await second.value]

        XCTAssertEqual(Set(received.compactMap { $0 }), [1, 2])
        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(1)])
    }

    @MainActor
    func test_aValueBeforeTheSubscription_endsTheWaitingCalls_whoseDemandIsAskedForWhenItArrives() async {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let iterator = upstream.values.makeAsyncIterator()
        let first = Task { @MainActor in
            var copy = iterator
            return await copy.next(isolation: #isolation)
        }
        let second = Task { @MainActor in
            var copy = iterator
            return await copy.next(isolation: #isolation)
        }
        // Main-actor jobs run in order: both calls are waiting once this one resumes.
        for _ in 0..<3 { await Task.yield() }

        XCTAssertEqual(upstream.send(42), .none)
        let received = [await first.value, await second.value]
        upstream.sendSubscription()

        XCTAssertEqual(received, [nil, nil], "as Combine's: a broken publisher's early value ends the waiting calls")
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(2))])
    }
}

import Foundation
import MVVMBinding
import MVVMBindingNetworking
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Against a one-shot server on 127.0.0.1 only: no outside network.
final class DataTaskPublisherTests: XCTestCase {
    func test_aRequest_publishesTheDataAndResponse_thenFinishes() throws {
        let server = try LoopbackHTTPServer(body: "hello")
        defer { server.stop() }
        let finished = expectation(description: "finished")
        let received = Received()

        let cancellable = URLSession.shared.dataTaskPublisher(for: server.url("/greeting")).sink(
            receiveCompletion: { completion in
                if case .finished = completion { finished.fulfill() }
            },
            receiveValue: { value in
                received.append("\(String(decoding: value.data, as: UTF8.self)) \((value.response as? HTTPURLResponse)?.statusCode ?? 0)")
            })
        wait(for: [finished], timeout: 10)

        XCTAssertEqual(received.values, ["hello 200"])
        cancellable.cancel()
    }

    func test_aRefusedConnection_failsWithAURLError() throws {
        let server = try LoopbackHTTPServer(body: "")
        let url = server.url("/")
        // Answer and close first, so nothing listens on the port any more.
        let warmUp = expectation(description: "warm-up")
        let first = URLSession.shared.dataTaskPublisher(for: url).sink(receiveCompletion: { _ in warmUp.fulfill() }, receiveValue: { _ in })
        wait(for: [warmUp], timeout: 10)
        server.stop()
        let failed = expectation(description: "failed")
        let received = Received()

        let cancellable = URLSession.shared.dataTaskPublisher(for: url).sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion {
                    received.append("failure \(error.code == .cannotConnectToHost)")
                    failed.fulfill()
                }
            },
            receiveValue: { _ in received.append("value") })
        wait(for: [failed], timeout: 10)

        XCTAssertEqual(received.values, ["failure true"])
        first.cancel()
        cancellable.cancel()
    }

    func test_noTaskStarts_beforeTheFirstRequest_andACancelledSubscriptionDeliversNothing() {
        let subscriber = TrackingSubscriber(initialDemand: nil)

        URLSession.shared.dataTaskPublisher(for: URL(string: "http://127.0.0.1:9/")!).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.eventCount, 1, "only the subscription")
    }
}

/// Strings gathered from the session's delegate queue, read by the test after its wait.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var values: [String] { lock.withLock { stored } }
    func append(_ value: String) { lock.withLock { stored.append(value) } }
}

/// Records how many events arrived; demand is requested by the test.
private final class TrackingSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = URLSession.DataTaskPublisher.Output
    typealias Failure = URLError

    private let lock = NSLock()
    private var events = 0
    private var subscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand?

    init(initialDemand: Subscribers.Demand?) {
        self.initialDemand = initialDemand
    }

    var eventCount: Int { lock.withLock { events } }

    func request(_ demand: Subscribers.Demand) { lock.withLock { subscription }?.request(demand) }
    func cancel() { lock.withLock { subscription }?.cancel() }

    func receive(subscription: any Subscription) {
        lock.withLock {
            events += 1
            self.subscription = subscription
        }
        if let initialDemand { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { events += 1 }
        return .none
    }

    func receive(completion: Subscribers.Completion<URLError>) {
        lock.withLock { events += 1 }
    }
}

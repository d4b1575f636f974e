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

// MARK: - Combine's protocol, on a stub session (no connection)

extension DataTaskPublisherTests {
    private static let request = URLRequest(url: URL(string: "https://example.com/a")!)
    private static let response = HTTPURLResponse(
        url: URL(string: "https://example.com/a")!, statusCode: 200, httpVersion: nil, headerFields: nil)!

    /// A subscriber that requested `.max(1)` from a stub session's publisher.
    private func subscribed(initialDemand: Subscribers.Demand? = .max(1)) -> (StubURLSession, TrackingSubscriber) {
        let session = StubURLSession()
        let subscriber = TrackingSubscriber(initialDemand: initialDemand)
        session.dataTaskPublisher(for: Self.request).subscribe(subscriber)
        return (session, subscriber)
    }

    func test_theTaskIsMadeAtTheFirstRequest_andResumedAtEveryRequest_andCancelledOnce() {
        let (session, subscriber) = subscribed(initialDemand: nil)
        XCTAssertEqual(session.dataTaskRequests, [])

        subscriber.request(.max(2))
        subscriber.request(.max(1))
        XCTAssertEqual(session.dataTaskRequests, [Self.request])
        XCTAssertEqual(session.task.calls, [.resume, .resume])

        subscriber.cancel()
        subscriber.cancel()
        subscriber.request(.max(1))
        session.complete(Data("late".utf8), Self.response, nil)

        XCTAssertEqual(session.task.calls, [.resume, .resume, .cancel])
        XCTAssertEqual(subscriber.history, ["DataTaskPublisher"])
    }

    func test_aResponse_publishesTheData_thenFinishes_once() {
        let (session, subscriber) = subscribed()

        session.complete(Data("hello".utf8), Self.response, nil)
        session.complete(Data("again".utf8), Self.response, nil)

        XCTAssertEqual(subscriber.history, ["DataTaskPublisher", "hello 200", "finished"])
        XCTAssertEqual(session.task.calls, [.resume], "the ended task is not cancelled")
    }

    func test_aResponseWithoutData_publishesEmptyData() {
        let (session, subscriber) = subscribed()

        session.complete(nil, Self.response, nil)

        XCTAssertEqual(subscriber.history, ["DataTaskPublisher", " 200", "finished"])
    }

    func test_noResponse_orAnErrorThatIsNotAURLError_failsWithUnknown() {
        struct Other: Error {}
        for (data, error) in [(nil, nil), (Data("x".utf8), nil), (Data("x".utf8), Other() as (any Error)?)] {
            let (session, subscriber) = subscribed()
            session.complete(data, error == nil ? nil : Self.response, error)
            XCTAssertEqual(subscriber.history, ["DataTaskPublisher", "failure(\(URLError.Code.unknown.rawValue))"])
        }
    }

    func test_aURLError_failsWithIt_evenWithAResponse() {
        let (session, subscriber) = subscribed()

        session.complete(nil, Self.response, URLError(.timedOut))

        XCTAssertEqual(subscriber.history, ["DataTaskPublisher", "failure(\(URLError.Code.timedOut.rawValue))"])
    }

    func test_theSubscription_mirrorsTaskDownstreamParentAndDemand() throws {
        let (_, subscriber) = subscribed(initialDemand: nil)
        let subscription = try XCTUnwrap(subscriber.subscription)

        let mirror = Mirror(reflecting: subscription)
        XCTAssertEqual(mirror.children.map(\.label), ["task", "downstream", "parent", "demand"])
        XCTAssertEqual(mirror.children.map { "\($0.value)" }.last, "max(0)")
        XCTAssertEqual((subscription as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "DataTaskPublisher")
    }
}

/// Strings gathered from the session's delegate queue, read by the test after its wait.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var values: [String] { lock.withLock { stored } }
    func append(_ value: String) { lock.withLock { stored.append(value) } }
}

/// Records the events that arrived (the subscription's description, each value as its data
/// and status code, the completion); demand is requested by the test.
private final class TrackingSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = URLSession.DataTaskPublisher.Output
    typealias Failure = URLError

    private let lock = NSLock()
    private var events: [String] = []
    private var storedSubscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand?

    init(initialDemand: Subscribers.Demand?) {
        self.initialDemand = initialDemand
    }

    var history: [String] { lock.withLock { events } }
    var eventCount: Int { history.count }
    var subscription: (any Subscription)? { lock.withLock { storedSubscription } }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }
    func cancel() { subscription?.cancel() }

    func receive(subscription: any Subscription) {
        lock.withLock {
            events.append(String(describing: subscription))
            storedSubscription = subscription
        }
        if let initialDemand { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let status = (input.response as? HTTPURLResponse)?.statusCode ?? 0
        lock.withLock { events.append("\(String(decoding: input.data, as: UTF8.self)) \(status)") }
        return .none
    }

    func receive(completion: Subscribers.Completion<URLError>) {
        lock.withLock {
            switch completion {
            case .finished: events.append("finished")
            case .failure(let error): events.append("failure(\(error.code.rawValue))")
            }
        }
    }
}

import MVVMBinding
import XCTest

final class HandleEventsTests: XCTestCase {
    func test_handleEvents_seesEveryEventInOrder_andPassesThemThrough() {
        var log: [String] = []
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        [1, 2].publisher
            .handleEvents(
                receiveSubscription: { _ in log.append("subscription") },
                receiveOutput: { log.append("output(\($0))") },
                receiveCompletion: { _ in log.append("completion") },
                receiveCancel: { log.append("cancel") },
                receiveRequest: { log.append("request(\($0))") }
            )
            .subscribe(subscriber)

        XCTAssertEqual(log, ["subscription", "request(max(2))", "output(1)", "output(2)", "completion"])
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_cancel_isReportedOnce_andReachesTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        var cancels = 0
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.handleEvents(receiveCancel: { cancels += 1 }).subscribe(subscriber)
        let subscription = subscriber.subscription

        subscription?.cancel()
        subscription?.cancel()

        XCTAssertEqual(cancels, 1)
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_cancelAfterCompletion_isNotReported() {
        var cancels = 0
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Just(1).handleEvents(receiveCancel: { cancels += 1 }).subscribe(subscriber)
        let subscription = subscriber.subscription
        subscription?.request(.max(1))

        subscription?.cancel()

        XCTAssertEqual(cancels, 0)
    }

    func test_demandReturnedFromReceive_passesThrough() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(3) })
        upstream.handleEvents().subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(3))
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_cancel_releasesTheClosuresAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.handleEvents(receiveOutput: { _ in _ = canary.value }) }
    }
}

// MARK: - Combine's rules (issue 24)

extension HandleEventsTests {
    func test_aCancelBeforeTheSubscription_isReported_butChangesNothingElse() {
        var cancels = 0
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.handleEvents(receiveCancel: { cancels += 1 }) },
            [.subscribed, .requested(.unlimited)])
        XCTAssertEqual(cancels, 1)
    }

    func test_theDemandTheDownstreamReturns_isReportedAsARequest() {
        let upstream = DrivenPublisher<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(2) })
        upstream.handleEvents(receiveRequest: { requests.append($0) }).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(2))

        XCTAssertEqual(requests, [.max(1), .max(2)])
    }

    func test_completionsArePassedOnAsTheyCome_andTheClosuresGoWithTheFirst() {
        let upstream = DrivenPublisher<Int, TestError>()
        var completions = 0
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.handleEvents(receiveCompletion: { _ in completions += 1 }).subscribe(subscriber)

        upstream.send(completion: .finished)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "finished", "failure(oops)"], "as Combine's")
        XCTAssertEqual(completions, 1)
    }
}

import MVVMBinding
import XCTest

final class DebounceTests: XCTestCase {
    func test_debounce_publishesTheLatestValueOnlyOnceTheUpstreamHasBeenQuietForTheDueTime() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(100))
        subject.send(2)
        scheduler.advance(by: .milliseconds(100))
        subject.send(3)
        scheduler.advance(by: .milliseconds(299))
        XCTAssertEqual(subscriber.values, [])

        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(subscriber.values, [3])
    }

    func test_debounce_followsCombinesDocumentedBounceExample() {
        // Apple's example: values at 0, 0.25, 1, 1.25, 1.5 and 2 s, due time 0.5 s.
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.debounce(for: .seconds(0.5), scheduler: scheduler).sink { received.append($0) }
        let bounces: [(Int, Double)] = [(0, 0), (1, 0.25), (2, 1), (3, 1.25), (4, 1.5), (5, 2)]
        let start = scheduler.now
        for (value, time) in bounces {
            scheduler.advance(to: start.advanced(by: .seconds(time)))
            subject.send(value)
        }

        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(received, [1, 4, 5])
        cancellable.cancel()
    }

    func test_debounce_requestsUnlimitedDemandFromTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.debounce(for: 1, scheduler: TestScheduler()).subscribe(subscriber)

        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(upstream.send(1), .none)
    }

    func test_debounce_dropsAValueThatFallsDueWhileTheSubscriberHasNoDemand() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        subject.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: 1)
        subscriber.request(.max(1))
        scheduler.advance(by: 5)
        XCTAssertEqual(subscriber.values, [])

        subject.send(2)
        subject.send(3)
        scheduler.advance(by: 1)
        XCTAssertEqual(subscriber.values, [3])
    }

    func test_debounce_addsTheDemandReturnedFromReceive() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })
        subject.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        for value in 1...3 {
            subject.send(value)
            scheduler.advance(by: 1)
        }

        XCTAssertEqual(subscriber.values, [1, 2, 3])
    }

    func test_debounce_deliversCompletionOnTheSchedulerWithoutWaitingAndDiscardsAPendingValue() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"], "completion goes through the scheduler")

        scheduler.advance()
        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(scheduler.now, TestScheduler.SchedulerTimeType(nanoseconds: 0))

        scheduler.advance(by: 5)
        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_debounce_forwardsFailure() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        subject.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: 1)
        subject.send(completion: .failure(.oops))
        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
    }

    func test_cancel_cancelsTheUpstreamAndTheScheduledPublication() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        subscriber.cancel()
        scheduler.advance(by: 2)

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_cancel_releasesTheSubscriberAndPendingValueBeforeTheSchedulerRuns() {
        let scheduler = TestScheduler()
        assertCancelReleasesPipeline { subject, canary in
            subject.map { _ in canary }.debounce(for: 1, scheduler: scheduler)
        }
        XCTAssertEqual(scheduler.pendingActionCount, 0, "the cancel disarmed the wait")
    }

    func test_debounce_onTheImmediateScheduler_publishesEveryValueAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.debounce(for: 1, scheduler: ImmediateScheduler.shared).subscribe(subscriber)

        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_searchTextDebounce_deliversTheSettledQuery() async {
        // Seed idiom: a ViewModel-style search field, observed with sink + dropFirst.
        let scheduler = TestScheduler()
        let searchText = CurrentValueSubject<String, Never>("")
        var cancellables = Set<AnyCancellable>()
        let settled = expectation(description: "settled query")
        var queries: [String] = []
        searchText
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { query in
                queries.append(query)
                settled.fulfill()
            }
            .store(in: &cancellables)

        for prefix in ["s", "sw", "swi", "swift"] {
            searchText.send(prefix)
            scheduler.advance(by: .milliseconds(100))
        }
        scheduler.advance(by: .milliseconds(200))

        await fulfillment(of: [settled], timeout: 1)
        XCTAssertEqual(queries, ["swift"])
    }

    func test_subscription_isReleasedAfterCompletion() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            subject.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)
            subject.send(completion: .finished)
            scheduler.advance()
        }
        XCTAssertNil(weakSubscriber)
    }
}

// MARK: - Combine's rules (issue 24)

extension DebounceTests {
    func test_aCancelBeforeTheSubscription_changesNothing() {
        // Combine's debounce cancels only a live upstream: the late subscription is taken and
        // asked for everything.
        let scheduler = TestScheduler()
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.debounce(for: .seconds(1), scheduler: scheduler) },
            [.subscribed, .requested(.unlimited)])
    }
}

// MARK: - The scheduler's calls and delivery (issue "Combine to the letter")

extension DebounceTests {
    private static let options = TrackingScheduler.SchedulerOptions(tag: "D")

    func test_everyValue_armsARepeatingWaitWithTheMinimumToleranceAndTheOptions() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler, options: Self.options)
            .subscribe(TrackingSubscriber<Int, Never>())

        upstream.send(1)
        scheduler.advance(by: .milliseconds(100))
        upstream.send(2)

        XCTAssertEqual(
            scheduler.calls,
            [
                .repeating(
                    nanoseconds: 300_000_000, interval: .milliseconds(300), tolerance: .nanoseconds(7), options: Self.options),
                .repeating(
                    nanoseconds: 400_000_000, interval: .milliseconds(300), tolerance: .nanoseconds(7), options: Self.options),
            ])
    }

    func test_theCompletion_isScheduledWithoutTheOptions() {
        // As Combine's: the completion goes through schedule(options: nil).
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler, options: Self.options)
            .subscribe(TrackingSubscriber<Int, Never>())

        upstream.send(completion: .finished)

        XCTAssertEqual(scheduler.calls, [.now(options: nil)])
    }

    func test_theDownstreamIsSubscribedFirst_thenTheUpstreamIsAskedForEverything() {
        let upstream = DrivenPublisher<Int, Never>()
        var requestsAtSubscription: [Subscribers.Demand]?
        upstream.debounce(for: 1, scheduler: TestScheduler()).subscribe(
            AnySubscriber(receiveSubscription: { _ in requestsAtSubscription = upstream.subscription.requests }))

        XCTAssertEqual(requestsAtSubscription, [])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_aNewValue_disarmsThePreviousWait() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.debounce(for: 1, scheduler: scheduler).subscribe(TrackingSubscriber<Int, Never>())

        upstream.send(1)
        upstream.send(2)

        XCTAssertEqual(scheduler.pendingActionCount, 1, "only the latest value's wait is armed")
    }

    func test_theWait_isDisarmedOnceItRunsOut_soTheValueIsDeliveredOnce() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        scheduler.advance(by: 5)

        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_aValueDueWithoutDemand_isDropped_andNotDeliveredByALaterRequest() throws {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        scheduler.advance(by: 1)
        try XCTUnwrap(subscriber.subscription).request(.max(1))
        scheduler.advance(by: 5)

        XCTAssertEqual(subscriber.values, [])
        XCTAssertEqual(scheduler.pendingActionCount, 0, "the wait was disarmed with the value dropped")
    }

    func test_aWaitThatGoesOnRunningAfterItsCancel_neverDeliversANewerValueEarly() {
        let scheduler = TrackingScheduler(cancelsRepeatingActions: false)
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.debounce(for: .nanoseconds(13), scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)  // its wait runs at 13, 26, 39...
        scheduler.advance(by: .nanoseconds(6))
        upstream.send(2)  // due at 19
        scheduler.advance(by: .nanoseconds(9))
        XCTAssertEqual(subscriber.values, [], "the first value's wait ran at 13, before the second's was due")
        scheduler.advance(by: .nanoseconds(4))
        XCTAssertEqual(subscriber.values, [2])

        upstream.send(3)  // at 19, due at 32; the first wait runs again at 26, the second at 32
        scheduler.advance(by: .nanoseconds(12))
        XCTAssertEqual(subscriber.values, [2], "at 31: the first value's wait ran at 26 and did nothing")
        scheduler.advance(by: .nanoseconds(1))
        XCTAssertEqual(subscriber.values, [2, 3])
    }

    func test_theCompletion_disarmsThePendingWait_andDropsItsValue() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.debounce(for: 1, scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.advance(by: 5)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_theValueAndTheCompletion_areDeliveredOnTheScheduler() {
        let scheduler = TrackingScheduler()
        let recorder = ConcurrentRecorder<String>()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(scheduler.placeRecordingSink(recorder))

        upstream.send(1)
        scheduler.advance(by: .milliseconds(300))
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.elements, ["value(1) on scheduler"])
        scheduler.advance()

        XCTAssertEqual(recorder.elements, ["value(1) on scheduler", "finished on scheduler"])
    }
}

extension DebounceTests {
    func test_cancellingTwice_reachesTheUpstreamOnce_andNothingFollows() {
        assertCancelReachesTheUpstreamOnce { $0.debounce(for: .seconds(1), scheduler: $1) }
    }

    func test_theSubscription_mirrorsItsDownstreamDemandAndCurrentValue() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.debounce(for: 1, scheduler: TestScheduler()).subscribe(subscriber)
        upstream.send(7)

        let mirror = Mirror(reflecting: try XCTUnwrap(subscriber.subscription))
        XCTAssertEqual(mirror.children.map(\.label), ["downstream", "downstreamDemand", "currentValue"])
        XCTAssertEqual(mirror.children.dropFirst().map { "\($0.value)" }, ["max(2)", "Optional(7)"])
    }
}

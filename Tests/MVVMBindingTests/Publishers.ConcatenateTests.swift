import MVVMBinding
import XCTest

final class ConcatenateTests: XCTestCase {
    func test_append_emitsTheSuffixAfterThePrefixFinishes() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2].unspecialisedPublisher.append(3, 4).append([5]).append(Just(6)).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5, 6])
        XCTAssertTrue(subscriber.isFinished)
    }

    func test_prepend_emitsItsElementsBeforeThisPublisher() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Just(6).prepend([4, 5]).prepend(2, 3).prepend(Just(1)).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription"] + (1...6).map { "value(\($0))" } + ["finished"])
    }

    func test_theSuffix_isSubscribedOnlyAfterThePrefixFinishes_andAskedForTheOutstandingDemand() {
        let prefix = DrivenPublisher<Int, Never>()
        let suffix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))
        prefix.append(suffix).subscribe(subscriber)

        prefix.send(1)
        XCTAssertFalse(suffix.hasSubscriber)
        prefix.send(completion: .finished)
        suffix.send(2)
        subscriber.request(.max(1))
        suffix.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(prefix.subscription.requests, [.max(3)])
        XCTAssertEqual(suffix.subscription.requests, [.max(2), .max(1)])
    }

    func test_aPrefixFailure_endsTheStreamWithoutTheSuffix() {
        let suffix = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()

        Fail<Int, TestError>(error: .oops).append(suffix).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertFalse(suffix.hasSubscriber)
    }

    func test_cancel_cancelsTheCurrentUpstream_andNoSuffixFollows() {
        let prefix = DrivenPublisher<Int, Never>()
        let suffix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        prefix.append(suffix).subscribe(subscriber)

        subscriber.cancel()
        prefix.send(completion: .finished)

        XCTAssertEqual(prefix.subscription.cancelCount, 1)
        XCTAssertFalse(suffix.hasSubscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_valuesOfAFinishedPrefix_areIgnored() {
        let prefix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        prefix.append(Empty()).subscribe(subscriber)

        prefix.send(completion: .finished)
        XCTAssertEqual(prefix.send(9), .none)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_demandReturnedDuringThePrefix_isCarriedToTheSuffixExactly() {
        let prefix = DrivenPublisher<Int, Never>()
        let suffix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3), demandAfterValue: { $0 == 1 ? .max(2) : .none })
        prefix.append(suffix).subscribe(subscriber)

        XCTAssertEqual(prefix.send(1), .max(2), "the prefix's upstream is told of the added demand")
        prefix.send(2)
        prefix.send(completion: .finished)

        // 3 requested + 2 added - 2 received.
        XCTAssertEqual(suffix.subscription.requests, [.max(3)])
        XCTAssertEqual(prefix.subscription.requests, [.max(3)])
    }

    func test_unlimitedDemand_staysUnlimitedForTheSuffix() {
        let suffix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)

        [1, 2].publisher.append(suffix).subscribe(subscriber)

        XCTAssertEqual(suffix.subscription.requests, [.unlimited])
        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func test_aPrefixThatUsesUpTheDemand_leavesTheSuffixUnasked_untilTheSubscriberRequests() {
        let suffix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        [1, 2].publisher.append(suffix).subscribe(subscriber)
        XCTAssertTrue(suffix.hasSubscriber)
        XCTAssertEqual(suffix.subscription.requests, [])
        subscriber.request(.max(1))

        XCTAssertEqual(suffix.subscription.requests, [.max(1)])
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
    }

    func test_sequencesUnderBackPressure_deliverInOrder_asTheSubscriberAsksOneByOne() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { $0 < 4 ? .max(1) : .none })

        [1, 2].publisher.append([3, 4, 5]).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "value(4)"])
        subscriber.request(.max(1))

        XCTAssertEqual(
            subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "value(4)", "value(5)", "finished"])
    }

    func test_underBackPressure_manyValuesOneByOne_deliverEverythingInOrder() {
        let many = 200_000
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })

        (0..<many).publisher.append((0..<many).publisher).subscribe(subscriber)

        XCTAssertEqual(subscriber.values.count, 2 * many)
        XCTAssertTrue(subscriber.isFinished)
    }

    func test_aPrefixValueBeyondTheDemand_isDropped_whileTheSuffixPassesValuesStraightThrough() {
        // Combine counts the prefix's values against the downstream's demand, not the suffix's.
        let prefix = DrivenPublisher<Int, Never>()
        let suffix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        prefix.append(suffix).subscribe(subscriber)

        prefix.send(1)
        XCTAssertEqual(prefix.send(2), .none)
        prefix.send(completion: .finished)
        suffix.send(3)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(3)"])
        XCTAssertEqual(suffix.subscription.requests, [], "nothing outstanding when the suffix subscribed")
    }

    func test_zeroDemand_isAllowed_andForwardedToTheCurrentUpstream() {
        let prefix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        prefix.append(Empty()).subscribe(subscriber)

        subscriber.subscription?.request(.none)

        XCTAssertEqual(prefix.subscription.requests, [.none])
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_cancel_releasesTheSuffix() {
        let prefix = DrivenPublisher<Int, Never>()
        weak var weakSuffix: DrivenPublisher<Int, Never>?
        let subscriber = TrackingSubscriber<Int, Never>()
        do {
            let suffix = DrivenPublisher<Int, Never>()
            weakSuffix = suffix
            prefix.append(suffix).subscribe(subscriber)
        }
        XCTAssertNotNil(weakSuffix, "kept while the stream may still reach it")

        subscriber.cancel()

        XCTAssertNil(weakSuffix)
    }

    func test_bothUpstreams_seeSubscribersOfTheirOwnTypes_identifiedAsTheSubscription() throws {
        let prefix = DrivenPublisher<Int, Never>()
        let suffix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        prefix.append(suffix).subscribe(subscriber)
        prefix.send(completion: .finished)
        let subscription = try XCTUnwrap(subscriber.subscription)
        let prefixSubscriber = try XCTUnwrap(prefix.subscriberObject as? any Subscriber)
        let suffixSubscriber = try XCTUnwrap(suffix.subscriberObject as? any Subscriber)

        XCTAssertEqual(prefixSubscriber.combineIdentifier, subscription.combineIdentifier)
        XCTAssertEqual(suffixSubscriber.combineIdentifier, subscription.combineIdentifier)
        XCTAssertTrue(type(of: prefixSubscriber) != type(of: suffixSubscriber))
        XCTAssertEqual(String(describing: suffixSubscriber), "Concatenate")
        XCTAssertEqual(Mirror(reflecting: subscription).children.count, 0)
    }

    func test_aSecondSubscriptionFromThePrefix_isCancelled() {
        let prefix = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        prefix.append(Empty()).subscribe(subscriber)
        let second = TrackingSubscription()

        prefix.subscriber?.receive(subscription: second)

        XCTAssertEqual(second.history, [.cancelled])
        XCTAssertEqual(subscriber.history, ["subscription"])
    }
}

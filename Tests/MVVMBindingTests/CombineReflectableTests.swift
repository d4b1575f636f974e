import MVVMBinding
import XCTest

/// Subscriptions print, reflect and show in playgrounds as Combine's do.
final class CombineReflectableTests: XCTestCase {
    private func descriptionOfSubscription<P: Publisher>(_ makePipeline: (DrivenPublisher<Int, Never>) -> P) -> String? {
        let subscriber = TrackingSubscriber<P.Output, P.Failure>(initialDemand: nil)
        makePipeline(DrivenPublisher<Int, Never>()).subscribe(subscriber)
        return subscriber.subscriptionDescription
    }

    private func descriptionOfFailingSubscription<P: Publisher>(_ makePipeline: (DrivenPublisher<Int, TestError>) -> P) -> String? {
        let subscriber = TrackingSubscriber<P.Output, P.Failure>(initialDemand: nil)
        makePipeline(DrivenPublisher<Int, TestError>()).subscribe(subscriber)
        return subscriber.subscriptionDescription
    }

    func test_operatorSubscriptions_printTheirCombineNames() {
        let scheduler = TestScheduler()
        XCTAssertEqual(descriptionOfSubscription { $0.dropFirst() }, "Drop")
        XCTAssertEqual(descriptionOfSubscription { $0.collect(2) }, "CollectByCount")
        XCTAssertEqual(descriptionOfSubscription { $0.prefix(2) }, "Output")
        XCTAssertEqual(descriptionOfSubscription { $0.handleEvents() }, "HandleEvents")
        XCTAssertEqual(descriptionOfSubscription { $0.tryMap { $0 } }, "TryMap")
        XCTAssertEqual(descriptionOfSubscription { $0.receive(on: scheduler) }, "ReceiveOn")
        XCTAssertEqual(descriptionOfSubscription { $0.debounce(for: .seconds(1), scheduler: scheduler) }, "Debounce")
        XCTAssertEqual(
            descriptionOfSubscription { $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true) }, "Throttle")
        XCTAssertEqual(descriptionOfSubscription { $0.merge(with: Empty()) }, "Merge")
        XCTAssertEqual(descriptionOfSubscription { $0.multicast { PassthroughSubject() } }, "Multicast")
        XCTAssertEqual(descriptionOfSubscription { $0.removeDuplicates() }, "RemoveDuplicates")
    }

    func test_operatorsThatHandTheUpstreamSubscriptionThrough_showTheUpstreams() {
        XCTAssertEqual(descriptionOfSubscription { $0.map { $0 } }, "TrackingSubscription")
        XCTAssertEqual(descriptionOfSubscription { $0.scan(0, +) }, "TrackingSubscription")
        XCTAssertEqual(descriptionOfSubscription { $0.filter { _ in true } }, "TrackingSubscription")
        XCTAssertEqual(descriptionOfSubscription { $0.compactMap { $0 } }, "TrackingSubscription")
        XCTAssertEqual(descriptionOfFailingSubscription { $0.mapError { _ in TestError.other("mapped") } }, "TrackingSubscription")
        XCTAssertEqual(descriptionOfSubscription { $0.setFailureType(to: TestError.self) }, "TrackingSubscription")
        XCTAssertEqual(descriptionOfSubscription { $0.breakpoint() }, "TrackingSubscription")
    }

    /// What the upstream sees subscribing to it: the operator's subscriber, which prints as the
    /// operator does in Combine.
    private func descriptionOfUpstreamSubscriber<P: Publisher>(_ makePipeline: (DrivenPublisher<Int, TestError>) -> P) -> String? {
        let upstream = DrivenPublisher<Int, TestError>()
        makePipeline(upstream).subscribe(TrackingSubscriber<P.Output, P.Failure>(initialDemand: nil))
        return upstream.subscriberObject.map { String(describing: $0) }
    }

    func test_operatorsSubscribers_printTheirCombineNames_toTheUpstream() {
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.map { $0 } }, "Map")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.filter { _ in true } }, "Filter")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.compactMap { $0 } }, "CompactMap")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.scan(0, +) }, "Scan")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.mapError { _ in TestError.other("mapped") } }, "MapError")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.breakpoint() }, "Breakpoint")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.catch { _ in Empty<Int, TestError>() } }, "Catch")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.tryCatch { _ in Empty<Int, TestError>() } }, "TryCatch")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.retry(1) }, "Retry")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.append(1) }, "Concatenate")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.dropFirst() }, "Drop")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.ignoreOutput() }, "IgnoreOutput")
    }

    func test_moreOperatorSubscriptions_printTheirCombineNames() {
        XCTAssertEqual(descriptionOfSubscription { $0.tryFilter { _ in true } }, "TryFilter")
        XCTAssertEqual(descriptionOfSubscription { $0.drop { _ in true } }, "DropWhile")
        XCTAssertEqual(descriptionOfSubscription { $0.prefix { _ in true } }, "PrefixWhile")
        XCTAssertEqual(descriptionOfSubscription { $0.removeDuplicates() }, "RemoveDuplicates")
        XCTAssertEqual(descriptionOfSubscription { $0.replaceError(with: 0) }, "ReplaceError")
        XCTAssertEqual(descriptionOfSubscription { $0.replaceEmpty(with: 0) }, "ReplaceEmpty")
        XCTAssertEqual(descriptionOfSubscription { $0.print() }, "Print")
        XCTAssertEqual(descriptionOfFailingSubscription { $0.catch { _ in Empty<Int, TestError>() } }, "Catch")
        XCTAssertEqual(descriptionOfSubscription { $0.retry(1) }, "Retry")
        XCTAssertEqual(descriptionOfSubscription { $0.append(1) }, "Concatenate")
        XCTAssertEqual(descriptionOfSubscription { $0.flatMap { Just($0) } }, "FlatMap")
        XCTAssertEqual(descriptionOfSubscription { $0.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest) }, "Buffer")
        XCTAssertEqual(descriptionOfSubscription { $0.output(in: 1..<3) }, "Output")
    }

    func test_upstreamSubscribersPlaygroundDescription_isTheirName() throws {
        let upstream = DrivenPublisher<Int, Never>()
        upstream.append(1).subscribe(TrackingSubscriber<Int, Never>(initialDemand: nil))

        let playground = try XCTUnwrap(upstream.subscriberObject as? any CustomPlaygroundDisplayConvertible)

        XCTAssertEqual(playground.playgroundDescription as? String, "Concatenate")
    }

    func test_mirror_showsAnOperatorsParts_andPlaygroundsShowItsName() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        DrivenPublisher<Int, Never>().receive(on: TestScheduler()).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        XCTAssertEqual(Mirror(reflecting: subscription).children.count, 0, "as Combine's ReceiveOn")
        let playground = try XCTUnwrap(subscription as? any CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(playground.playgroundDescription as? String, "ReceiveOn")
        let delayed = TrackingSubscriber<Int, Never>(initialDemand: nil)
        DrivenPublisher<Int, Never>().delay(for: 1, scheduler: TestScheduler()).subscribe(delayed)
        XCTAssertFalse(try XCTUnwrap(delayed.subscription) is CustomStringConvertible, "Combine's Delay has no description")
    }

    func test_subjectSubscriptionMirror_showsItsDemand() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))
        PassthroughSubject<Int, Never>().subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        let demand = Mirror(reflecting: subscription).children.first { $0.label == "demand" }?.value
        XCTAssertEqual(demand as? Subscribers.Demand, .max(3))
    }

    /// What the upstream's subscriber mirrors, as "label: value" lines.
    private func mirrorOfUpstreamSubscriber<P: Publisher>(_ makePipeline: (DrivenPublisher<Int, TestError>) -> P) -> [String] {
        let upstream = DrivenPublisher<Int, TestError>()
        makePipeline(upstream).subscribe(TrackingSubscriber<P.Output, P.Failure>(initialDemand: nil))
        guard let subscriber = upstream.subscriberObject else { return ["no subscriber"] }
        return Mirror(reflecting: subscriber).children.map { "\($0.label ?? ""): \($0.value)" }
    }

    func test_operatorSubscribers_mirrorAsCombines() {
        XCTAssertEqual(mirrorOfUpstreamSubscriber { $0.mapError { $0 } }, [])
        XCTAssertEqual(mirrorOfUpstreamSubscriber { $0.replaceError(with: 0) }, [])
        XCTAssertEqual(mirrorOfUpstreamSubscriber { $0.prefix(2) }, [])
        XCTAssertEqual(mirrorOfUpstreamSubscriber { $0.assertNoFailure("P", file: "F.swift", line: 7) }, ["file: F.swift", "line: 7", "prefix: P"])
        XCTAssertEqual(mirrorOfUpstreamSubscriber { $0.map(\.bitWidth) }.map { $0.hasPrefix("keyPath: ") }, [true])
        XCTAssertEqual(mirrorOfUpstreamSubscriber { $0.map(\.bitWidth, \.byteSwapped) }.map { $0.prefix(9) }, ["keyPath0:", "keyPath1:"])
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.map(\.bitWidth) }, "ValueForKey")
        XCTAssertEqual(descriptionOfUpstreamSubscriber { $0.map(\.bitWidth, \.byteSwapped, \.leadingZeroBitCount) }, "ValueForKeys")
    }
}

import Foundation
import MVVMBinding
import XCTest

final class EncodeTests: XCTestCase {
    private struct Point: Codable, Equatable {
        let x: Int
    }

    func test_encode_publishesEachValueEncoded() throws {
        var encoded: [Data] = []
        let subscriber = TrackingSubscriber<Data, Error>()
        let encoder = JSONEncoder()

        [Point(x: 1), Point(x: 2)].publisher.encode(encoder: encoder).subscribe(subscriber)
        encoded = subscriber.values

        XCTAssertEqual(encoded.map { String(decoding: $0, as: UTF8.self) }, [#"{"x":1}"#, #"{"x":2}"#])
        XCTAssertTrue(subscriber.isFinished)
    }

    func test_anEncodingError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Double, Never>()
        let subscriber = TrackingSubscriber<Data, Error>()
        upstream.encode(encoder: JSONEncoder()).subscribe(subscriber)

        upstream.send(.infinity)  // JSON has no infinity

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        guard case .failure(let error)? = subscriber.completion else { return XCTFail("expected a failure") }
        XCTAssertTrue(error is EncodingError)
    }

    func test_thePropertyListEncoder_isATopLevelEncoder() throws {
        let subscriber = TrackingSubscriber<Data, Error>()

        Just(Point(x: 3)).encode(encoder: PropertyListEncoder()).subscribe(subscriber)

        let data = try XCTUnwrap(subscriber.values.first)
        XCTAssertEqual(try PropertyListDecoder().decode(Point.self, from: data), Point(x: 3))
    }

    func test_valuesAndACompletionBeforeTheSubscription_passAsCombines_andACancelThenChangesNothing() throws {
        let upstream = DrivenPublisher<Point, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Data, Error>()
        upstream.encode(encoder: JSONEncoder()).subscribe(subscriber)
        let encode = try XCTUnwrap(upstream.subscriberObject as? any Subscription)

        encode.cancel()
        upstream.send(Point(x: 1))
        upstream.sendSubscription()

        XCTAssertEqual(subscriber.values.map { String(decoding: $0, as: UTF8.self) }, [#"{"x":1}"#])
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited)], "the late subscription is taken")
        let labels = Mirror(reflecting: encode).children.map(\.label)
        XCTAssertEqual(labels, ["downstream", "finished", "upstreamSubscription"])
    }
}

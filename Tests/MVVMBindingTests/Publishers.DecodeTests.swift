import Foundation
import MVVMBinding
import XCTest

final class DecodeTests: XCTestCase {
    private struct Point: Codable, Equatable, CustomStringConvertible {
        let x: Int
        var description: String { "x\(x)" }
    }

    func test_decode_publishesEachValueDecoded() {
        let subscriber = TrackingSubscriber<Point, Error>()

        [Data(#"{"x":1}"#.utf8), Data(#"{"x":2}"#.utf8)].publisher
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(x1)", "value(x2)", "finished"])
    }

    func test_aDecodingError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Data, Never>()
        let subscriber = TrackingSubscriber<Point, Error>()
        upstream.decode(type: Point.self, decoder: JSONDecoder()).subscribe(subscriber)

        upstream.send(Data("not json".utf8))

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        guard case .failure(let error)? = subscriber.completion else { return XCTFail("expected a failure") }
        XCTAssertTrue(error is DecodingError)
    }

    func test_encodeThenDecode_roundTripsThroughJSON() {
        let subscriber = TrackingSubscriber<Point, Error>()

        Just(Point(x: 7)).encode(encoder: JSONEncoder()).decode(type: Point.self, decoder: JSONDecoder()).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [Point(x: 7)])
    }
}

import MVVMBinding
import XCTest

final class MapKeyPath3Tests: XCTestCase {
    func test_mapThreeKeyPaths_publishesAllThreeAsATuple() {
        let subscriber = TrackingSubscriber<(Int, Bool, Character?), Never>()

        ["ab"].publisher.map(\.count, \.isEmpty, \.first).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value((2, false, Optional(\"a\")))", "finished"])
    }
}

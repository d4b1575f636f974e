import MVVMBinding
import XCTest

final class MapKeyPath2Tests: XCTestCase {
    func test_mapTwoKeyPaths_publishesBothAsATuple() {
        let subscriber = TrackingSubscriber<(Int, Bool), Never>()

        ["", "ab"].publisher.map(\.count, \.isEmpty).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value((0, true))", "value((2, false))", "finished"])
    }
}

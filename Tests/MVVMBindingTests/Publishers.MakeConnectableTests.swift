import MVVMBinding
import XCTest

final class MakeConnectableTests: XCTestCase {
    func test_makeConnectable_holdsValuesBackUntilConnect() {
        let connectable = [1, 2, 3].publisher.makeConnectable()
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()
        connectable.subscribe(first)
        connectable.subscribe(second)
        XCTAssertEqual(first.history, ["subscription"])

        let connection = connectable.connect()

        XCTAssertEqual(first.history, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
        XCTAssertEqual(second.values, [1, 2, 3])
        connection.cancel()
    }

    func test_cancellingTheConnection_stopsTheValues() {
        let upstream = PassthroughSubject<Int, Never>()
        let connectable = upstream.makeConnectable()
        let subscriber = TrackingSubscriber<Int, Never>()
        connectable.subscribe(subscriber)
        let connection = connectable.connect()

        upstream.send(1)
        connection.cancel()
        upstream.send(2)

        XCTAssertEqual(subscriber.values, [1])
    }

    func test_copies_shareOneSubjectAndConnection() {
        let upstream = PassthroughSubject<Int, Never>()
        let original = upstream.makeConnectable()
        let copy = original
        let subscriber = TrackingSubscriber<Int, Never>()
        copy.subscribe(subscriber)

        let connection = original.connect()
        upstream.send(1)

        XCTAssertEqual(subscriber.values, [1])
        connection.cancel()
    }
}

import MVVMBinding
import XCTest

final class SubscriptionsTests: XCTestCase {
    func test_empty_isOneSharedInstance_asCombines() {
        XCTAssertEqual(Subscriptions.empty.combineIdentifier, Subscriptions.empty.combineIdentifier)
        XCTAssertTrue((Subscriptions.empty as AnyObject) === (Subscriptions.empty as AnyObject))
    }

    func test_empty_describesItselfAsEmpty_withAnEmptyMirror() {
        let empty = Subscriptions.empty

        XCTAssertEqual((empty as? any CustomStringConvertible)?.description, "Empty")
        XCTAssertEqual((empty as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "Empty")
        XCTAssertEqual(Mirror(reflecting: empty).children.count, 0)
    }
}

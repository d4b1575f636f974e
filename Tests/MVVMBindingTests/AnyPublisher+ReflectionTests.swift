import MVVMBinding
import XCTest

final class AnyPublisherReflectionTests: XCTestCase {
    func test_theMirror_hidesTheWrappedPublisher() {
        let erased = Just(1).eraseToAnyPublisher()

        XCTAssertEqual(Mirror(reflecting: erased).children.count, 0)
    }

    func test_theDescription_isAnyPublisher_asPlaygroundDescriptionToo() {
        let erased = Just(1).eraseToAnyPublisher()

        XCTAssertEqual(erased.description, "AnyPublisher")
        XCTAssertEqual(erased.playgroundDescription as? String, "AnyPublisher")
    }
}

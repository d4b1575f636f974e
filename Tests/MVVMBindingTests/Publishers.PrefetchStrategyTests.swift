import MVVMBinding
import XCTest

final class PrefetchStrategyTests: XCTestCase {
    func test_theStrategies_areDistinctHashableValues() {
        XCTAssertEqual(Set([Publishers.PrefetchStrategy.keepFull, .byRequest, .keepFull]).count, 2)
    }
}

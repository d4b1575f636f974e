import MVVMDomain
import XCTest

final class SampleDataConfigurationTests: XCTestCase {
    func test_totalPages_roundsUp() {
        XCTAssertEqual(SampleDataConfiguration(userCount: 21, pageSize: 20).totalPages, 2)
        XCTAssertEqual(SampleDataConfiguration(userCount: 40, pageSize: 20).totalPages, 2)
        XCTAssertEqual(SampleDataConfiguration(userCount: 1, pageSize: 20).totalPages, 1)
        XCTAssertEqual(
            SampleDataConfiguration(userCount: 1_000_000, pageSize: 10).totalPages, 100_000)
    }

    func test_totalPages_isOneEvenWithoutUsers() {
        let configuration = SampleDataConfiguration(userCount: 0, postCount: 0)
        XCTAssertEqual(configuration.totalPages, 1)
    }

    func test_defaultReferenceDate_isFixed_notTheCurrentTime() {
        XCTAssertEqual(
            SampleDataConfiguration().referenceDate, Date(timeIntervalSince1970: 1_704_067_200))
    }

    func test_equalConfigurations_compareEqual() {
        XCTAssertEqual(SampleDataConfiguration(seed: 9), SampleDataConfiguration(seed: 9))
        XCTAssertNotEqual(SampleDataConfiguration(seed: 9), SampleDataConfiguration(seed: 10))
    }
}

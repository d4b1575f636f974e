import MVVMBinding
import XCTest

final class ResultPublisherOperatorsTests: XCTestCase {
    private let success = Result<Int, TestError>.success(3).publisher
    private let failure = Result<Int, TestError>.failure(.oops).publisher

    func test_operatorsOnASuccess_transformTheValue() {
        XCTAssertEqual(success.map { $0 * 2 }.result, .success(6))
        XCTAssertEqual(success.collect().result, .success([3]))
        XCTAssertEqual(success.count().result, .success(1))
        XCTAssertEqual(success.contains(3).result, .success(true))
        XCTAssertEqual(success.contains { $0 > 3 }.result, .success(false))
        XCTAssertEqual(success.allSatisfy { $0 > 0 }.result, .success(true))
        XCTAssertEqual(success.reduce(1, +).result, .success(4))
        XCTAssertEqual(success.scan(1, +).result, .success(4))
        XCTAssertEqual(success.min().result, .success(3))
        XCTAssertEqual(try success.tryMap { $0 + 1 }.result.get(), 4)
    }

    func test_operatorsOnAFailure_passTheFailureThrough() {
        XCTAssertEqual(failure.map { $0 * 2 }.result, .failure(.oops))
        XCTAssertEqual(failure.count().result, .failure(.oops))
        XCTAssertEqual(failure.mapError { _ in TestError.other("mapped") }.result, .failure(.other("mapped")))
        XCTAssertThrowsError(try failure.tryMap { $0 }.result.get()) { XCTAssertEqual($0 as? TestError, .oops) }
    }

    func test_replaceError_andSetFailureType_changeTheFailureType() {
        XCTAssertEqual(failure.replaceError(with: 0).result, .success(0))
        XCTAssertEqual(success.replaceError(with: 0).result, .success(3))
        XCTAssertEqual(Result<Int, Never>.success(1).publisher.setFailureType(to: TestError.self).result, .success(1))
    }

    func test_aThrowingTransform_givesItsError() {
        XCTAssertThrowsError(try success.tryMap { _ -> Int in throw TestError.other("thrown") }.result.get()) {
            XCTAssertEqual($0 as? TestError, .other("thrown"))
        }
    }

    func test_throwingOperators_giveTheirResult_orTheErrorThrown_orTheFailure() {
        XCTAssertEqual(try success.tryAllSatisfy { $0 > 2 }.result.get(), true)
        XCTAssertEqual(try success.tryContains { $0 == 4 }.result.get(), false)
        XCTAssertEqual(try success.tryReduce(1, +).result.get(), 4)
        XCTAssertEqual(try success.tryScan(1, *).result.get(), 3)
        XCTAssertThrowsError(try success.tryReduce(1) { _, _ in throw TestError.other("thrown") }.result.get()) {
            XCTAssertEqual($0 as? TestError, .other("thrown"))
        }
        XCTAssertThrowsError(try failure.tryAllSatisfy { _ in true }.result.get()) { XCTAssertEqual($0 as? TestError, .oops) }
    }

    func test_operatorsThatCannotChangeOneValue_keepTheResult() {
        XCTAssertEqual(success.replaceEmpty(with: 0).result, .success(3))
        XCTAssertEqual(failure.retry(2).result, .failure(.oops))
    }

    func test_tryMinMaxAndRemoveDuplicates_compareASuccessWithItselfOnce_andFailWithWhatThatThrows() {
        // As Combine's: the try forms call their closure with (value, value); a failure is
        // passed on without calling it.
        var calls: [String] = []
        let accept: (Int, Int) throws -> Bool = {
            calls.append("\($0),\($1)")
            return false
        }
        let refuse: (Int, Int) throws -> Bool = { _, _ in throw TestError.other("thrown") }

        XCTAssertEqual(try success.tryMin(by: accept).result.get(), 3)
        XCTAssertEqual(try success.tryMax(by: accept).result.get(), 3)
        XCTAssertEqual(try success.tryRemoveDuplicates(by: accept).result.get(), 3)
        XCTAssertEqual(calls, ["3,3", "3,3", "3,3"])
        for published in [success.tryMin(by: refuse), success.tryMax(by: refuse), success.tryRemoveDuplicates(by: refuse)] {
            XCTAssertThrowsError(try published.result.get()) { XCTAssertEqual($0 as? TestError, .other("thrown")) }
        }
        for published in [failure.tryMin(by: refuse), failure.tryMax(by: refuse), failure.tryRemoveDuplicates(by: refuse)] {
            XCTAssertThrowsError(try published.result.get()) { XCTAssertEqual($0 as? TestError, .oops) }
        }
    }

    func test_ignoreOutput_isAnEmpty_thatFinishesForAFailureToo() {
        let afterSuccess = TrackingSubscriber<Int, TestError>()
        let afterFailure = TrackingSubscriber<Int, TestError>()
        let ignored: Empty<Int, TestError> = failure.ignoreOutput()

        success.ignoreOutput().subscribe(afterSuccess)
        ignored.subscribe(afterFailure)

        XCTAssertEqual(afterSuccess.history, ["subscription", "finished"])
        XCTAssertEqual(afterFailure.history, ["subscription", "finished"])
    }
}

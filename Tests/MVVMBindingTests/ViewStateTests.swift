import MVVMBinding
import XCTest

final class ViewStateTests: XCTestCase {
    func test_value_isTheDataOnlyWhenLoaded() {
        XCTAssertEqual(ViewState.loaded(3).value, 3)
        XCTAssertNil(ViewState<Int>.idle.value)
        XCTAssertNil(ViewState<Int>.loading.value)
        XCTAssertNil(ViewState<Int>.empty.value)
        XCTAssertNil(ViewState<Int>.failed("x").value)
    }

    func test_isLoading_isTrueOnlyWhileLoading() {
        XCTAssertTrue(ViewState<Int>.loading.isLoading)
        for state: ViewState<Int> in [.idle, .loaded(1), .empty, .failed("x")] {
            XCTAssertFalse(state.isLoading, "\(state)")
        }
    }

    func test_errorMessage_isTheMessageOnlyWhenFailed() {
        XCTAssertEqual(ViewState<Int>.failed("Network down").errorMessage, "Network down")
        for state: ViewState<Int> in [.idle, .loading, .loaded(1), .empty] {
            XCTAssertNil(state.errorMessage, "\(state)")
        }
    }

    func test_map_transformsLoadedDataAndKeepsEveryOtherState() {
        XCTAssertEqual(ViewState.loaded(2).map { "\($0 * 10)" }, .loaded("20"))
        XCTAssertEqual(ViewState<Int>.idle.map(String.init), .idle)
        XCTAssertEqual(ViewState<Int>.loading.map(String.init), .loading)
        XCTAssertEqual(ViewState<Int>.empty.map(String.init), .empty)
        XCTAssertEqual(ViewState<Int>.failed("x").map(String.init), .failed("x"))
    }

    func test_map_rethrowsTheTransformsTypedError() {
        XCTAssertThrowsError(try ViewState.loaded(1).map { (_: Int) throws(TestError) -> Int in throw .oops }) { error in
            XCTAssertEqual(error as? TestError, .oops)
        }
        XCTAssertNoThrow(try ViewState<Int>.loading.map { (_: Int) throws(TestError) -> Int in throw .oops })
    }

    func test_equality_comparesCaseAndPayload() {
        XCTAssertEqual(ViewState.loaded([1, 2]), .loaded([1, 2]))
        XCTAssertNotEqual(ViewState.loaded([1]), .loaded([2]))
        XCTAssertNotEqual(ViewState<Int>.failed("a"), .failed("b"))
        XCTAssertNotEqual(ViewState<Int>.idle, .loading)
        XCTAssertEqual(Set<ViewState<Int>>([.idle, .idle, .loaded(1)]).count, 2)
    }

    func test_sendableState_crossesIntoATask() async {
        let state: ViewState<[String]> = .loaded(["a"])

        let value = await Task.detached { state.value }.value

        XCTAssertEqual(value, ["a"])
    }
}

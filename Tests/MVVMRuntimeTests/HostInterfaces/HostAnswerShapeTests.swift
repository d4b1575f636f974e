import XCTest

@testable import MVVMRuntime

final class HostAnswerShapeTests: XCTestCase {
    func test_a_shape_accepts_only_answers_of_its_form_and_kind() {
        XCTAssertTrue(HostAnswerShape.nothing.accepts(.nothing))
        XCTAssertFalse(HostAnswerShape.nothing.accepts(.value(.int64(1))))
        XCTAssertTrue(HostAnswerShape.value(.int64).accepts(.value(.int64(1))))
        XCTAssertFalse(HostAnswerShape.value(.int64).accepts(.value(.string("1"))))
        XCTAssertFalse(HostAnswerShape.value(.int64).accepts(.list([.int64(1)])))
        XCTAssertTrue(HostAnswerShape.list(.string).accepts(.list([])))
        XCTAssertTrue(HostAnswerShape.list(.string).accepts(.list([.string("a"), .string("b")])))
        XCTAssertFalse(HostAnswerShape.list(.string).accepts(.list([.string("a"), .int64(2)])))
    }

    func test_a_custom_shape_accepts_only_answers_of_its_own_resolve_function() {
        let page = HostAnswerShape.custom(resolveFunction: "app_request_resolve_page()")
        XCTAssertTrue(page.accepts(.custom(resolvedBy: "app_request_resolve_page()", 3)))
        XCTAssertFalse(page.accepts(.custom(resolvedBy: "app_request_resolve_row()", 3)))
        XCTAssertFalse(page.accepts(.value(.int64(3))))
    }

    func test_the_hint_names_the_resolve_function_that_fits() {
        XCTAssertEqual(HostAnswerShape.value(.string).resolveHint, "mvvm_request_resolve() with a MVVM_VALUE_STRING")
        XCTAssertEqual(HostAnswerShape.list(.int64).resolveHint, "mvvm_request_resolve_list() with MVVM_VALUE_INT64 items")
        XCTAssertTrue(HostAnswerShape.nothing.resolveHint.hasPrefix("mvvm_request_resolve() with NULL"))
        XCTAssertEqual(HostAnswerShape.custom(resolveFunction: "f()").resolveHint, "f()")
    }
}

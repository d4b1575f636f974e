import MVVMBinding
import XCTest

final class AnyCancellableTests: XCTestCase {
    private final class CountingCancellable: Cancellable {
        var cancelCount = 0
        func cancel() { cancelCount += 1 }
    }

    func test_aWrappedCancellable_isCancelledOnce_howeverOftenCancelIsCalled() {
        let wrapped = CountingCancellable()
        let cancellable = AnyCancellable(wrapped)

        cancellable.cancel()
        cancellable.cancel()

        XCTAssertEqual(wrapped.cancelCount, 1)
    }

    func test_aWrappedCancellable_isCancelledWhenTheAnyCancellableIsReleased() {
        let wrapped = CountingCancellable()
        do {
            _ = AnyCancellable(wrapped)
        }
        XCTAssertEqual(wrapped.cancelCount, 1)
    }

    func test_aCancelClosure_runsOnce_onCancelOrRelease() {
        var runs = 0
        do {
            let cancellable = AnyCancellable { runs += 1 }
            cancellable.cancel()
        }
        XCTAssertEqual(runs, 1)
        do {
            _ = AnyCancellable { runs += 1 }
        }
        XCTAssertEqual(runs, 2)
    }
}

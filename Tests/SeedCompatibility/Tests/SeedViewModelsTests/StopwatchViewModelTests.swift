import Foundation
import MVVMBinding
import SeedViewModels
import XCTest

final class StopwatchViewModelTests: XCTestCase {
    func test_buttonTapped_startsTheClockOnTheMainRunLoop_andStopStopsIt() {
        let sut = StopwatchViewModel(clock: Clock(interval: 0.01))
        // No leak check here: the seed's `assign(to: \.elapsedTime, on: self)` keeps `self`
        // until cancelled, in Combine as in MVVMBinding (MVVMSeedsApp's stopwatch avoids it).
        XCTAssertEqual(sut.buttonText, "Start")
        XCTAssertTrue(sut.isLapButtonDisabled)

        sut.buttonTapped()
        XCTAssertEqual(sut.buttonText, "Stop")
        XCTAssertFalse(sut.isLapButtonDisabled)
        let deadline = Date().addingTimeInterval(2)
        while sut.elapsedTime == "0", Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        }
        XCTAssertNotEqual(sut.elapsedTime, "0", "the timer ticked through RunLoop.main")

        sut.lap()
        XCTAssertEqual(sut.laps, [sut.elapsedTime])

        sut.buttonTapped()
        let stoppedAt = sut.elapsedTime
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        XCTAssertEqual(sut.elapsedTime, stoppedAt, "no ticks after stop")
        XCTAssertEqual(sut.buttonText, "Start")
    }
}

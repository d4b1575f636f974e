// Seed 004 describes its Clock model and ViewModel in prose (the code is behind a link); this
// is that description written in the Combine idioms it names: `Timer.publish(every: 1.0, on:
// RunLoop.main, in: .default)`, `autoconnect()`, `sink`, `map` + `assign(to:on:)`,
// `ObservableObject`, `@Published`.
import Foundation
import MVVMBinding

public final class Clock {
    @Published public private(set) var timeElapsed = 0
    private var cancellable: AnyCancellable?
    private let interval: TimeInterval

    public init(interval: TimeInterval = 1.0) { self.interval = interval }

    public func start() {
        cancellable = Timer.publish(every: interval, on: RunLoop.main, in: .default)
            .autoconnect()
            .sink { [weak self] _ in self?.timeElapsed += 1 }
    }

    public func stop() {
        cancellable?.cancel()
        cancellable = nil
    }
}

public final class StopwatchViewModel: ObservableObject {
    @Published public var elapsedTime = "0"
    @Published public var laps: [String] = []
    @Published public var buttonText = "Start"
    @Published public var isLapButtonDisabled = true

    private var cancellable: AnyCancellable?
    private let clock: Clock
    private var isRunning = false

    public init(clock: Clock = Clock()) {
        self.clock = clock
        cancellable = clock.$timeElapsed
            .map { String($0) }
            .assign(to: \.elapsedTime, on: self)
    }

    public func buttonTapped() {
        isRunning.toggle()
        if isRunning {
            buttonText = "Stop"
            isLapButtonDisabled = false
            clock.start()
        } else {
            buttonText = "Start"
            isLapButtonDisabled = true
            clock.stop()
        }
    }

    public func lap() { laps.append(elapsedTime) }
}

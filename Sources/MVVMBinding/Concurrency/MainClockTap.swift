import Synchronization

/// What a journal hears of the main actor's clock (mvvm's journal, `MVVM_TRACE`): each read
/// of `MainQueue.now` and each run of a main-queue timer's block, so that a replay can give
/// the same reads and fire the same timers at the same points (`VirtualMainClock`).
package enum MainClockTap {
    package struct Listener: Sendable {
        let read: @Sendable (UInt64) -> Void
        let readWall: @Sendable (Double) -> Void
        let timer: @Sendable () -> Void

        package init(
            read: @escaping @Sendable (UInt64) -> Void, readWall: @escaping @Sendable (Double) -> Void,
            timer: @escaping @Sendable () -> Void
        ) {
            self.read = read
            self.readWall = readWall
            self.timer = timer
        }
    }

    private static let on = Atomic<Bool>(false)
    private static let listener = Mutex<Listener?>(nil)

    @inline(__always)
    package static var isOn: Bool { on.load(ordering: .relaxed) }

    package static func start(_ listener: Listener) {
        self.listener.withLock { $0 = listener }
        on.store(true, ordering: .relaxed)
    }

    package static func stop() {
        on.store(false, ordering: .relaxed)
        listener.withLock { $0 = nil }
    }

    static func read(_ now: UInt64) { listener.withLock { $0 }?.read(now) }

    static func readWall(_ seconds: Double) { listener.withLock { $0 }?.readWall(seconds) }

    /// `block`, telling the listener when it runs (a timer's block).
    static func tapped(_ block: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        guard isOn else { return block }
        return {
            listener.withLock { $0 }?.timer()
            block()
        }
    }
}

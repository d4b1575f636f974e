import Dispatch
import Synchronization

/// A repeating main-queue timer on the replay's clock (`VirtualMainClock`): fires at `start`,
/// then every `interval`, until cancelled (which forgets the next firing, as cancelling a
/// dispatch timer source does).
final class VirtualRepeatingTimer: Cancellable, Sendable {
    private let state = Mutex<(cancelled: Bool, token: UInt64?)>((false, nil))

    init(start: DispatchTime, interval: Int, _ work: UncheckedSendableAction) {
        schedule(start.uptimeNanoseconds, interval: UInt64(max(interval, 1)), work)
    }

    private func schedule(_ deadline: UInt64, interval: UInt64, _ work: UncheckedSendableAction) {
        let token = VirtualMainClock.schedule(at: deadline) { [weak self] in
            guard let self, !self.state.withLock({ $0.cancelled }) else { return }
            work.run()
            self.schedule(deadline + interval, interval: interval, work)
        }
        let cancelled = state.withLock { state -> Bool in
            state.token = token
            return state.cancelled
        }
        if cancelled { VirtualMainClock.cancel(token) }
    }

    func cancel() {
        let token = state.withLock { state -> UInt64? in
            state.cancelled = true
            return state.token
        }
        if let token { VirtualMainClock.cancel(token) }
    }
}

import Foundation

/// Counts the requests a `DrivenPublisher` receives and lets a test await a given count, so
/// a sender answers each `next()` exactly when it asks, without sleeping.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0  // guarded by `lock`
    private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []  // guarded by `lock`

    func increment() {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            count += 1
            let ready = waiters.filter { $0.target <= count }.map(\.continuation)
            waiters.removeAll { $0.target <= count }
            return ready
        }
        ready.forEach { $0.resume() }
    }

    func waitFor(_ target: Int) async {
        await withCheckedContinuation { continuation in
            let reached = lock.withLock {
                if count >= target { return true }
                waiters.append((target, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}

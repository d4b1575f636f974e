import Dispatch
import MVVMBindingCore
import MVVMDomain
import MVVMRuntime

/// The sample repositories' simulated latency, waited out on a main-queue timer.
///
/// `Task.sleep` wakes a pool thread when it ends, which then queues the task on the main
/// queue: a thread woken in between the timer and the host. A ViewModel's repository call
/// runs on the main actor (the requirements are `nonisolated(nonsending)`), so the runtime's
/// sample repositories wait on `MainQueue.asyncAfter` (the main actor's queue) instead and resume the task
/// there (`MainBoundResume`). Off the host thread it is `Task.sleep`. Cancellation ends the
/// wait at once with `CancellationError`, as `Task.sleep` does.
enum MainQueueSleep {
    static let sleep: SimulatedConditions.Sleep = { duration in
        guard HostThread.isCurrent else { return try await Task.sleep(for: duration) }
        let wait = MainQueueWait()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wait.start(continuation, after: duration)
            }
        } onCancel: {
            wait.cancel()
        }
    }
}

/// One wait: ended once, by its timer or by cancellation, whichever comes first.
private final class MainQueueWait: Sendable {
    private enum State {
        case starting
        case waiting(CheckedContinuation<Void, any Error>)
        case cancelledBeforeStart
        case ended
    }

    private let state = PthreadLocked(State.starting)

    /// Main thread, inside the awaiting task.
    func start(_ continuation: CheckedContinuation<Void, any Error>, after duration: Duration) {
        let cancelled: Bool = state.withLock { state in
            if case .cancelledBeforeStart = state {
                state = .ended
                return true
            }
            state = .waiting(continuation)
            return false
        }
        if cancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        let (seconds, attoseconds) = duration.components
        let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        MainQueue.asyncAfter(deadline: MainQueue.now + .nanoseconds(nanoseconds)) {
            self.finish(.success(()))
        }
    }

    /// Cancellation of the awaiting task: any thread, possibly before `start`.
    func cancel() {
        let startedAlready = state.withLock { state in
            guard case .starting = state else { return true }
            state = .cancelledBeforeStart
            return false
        }
        if startedAlready { finish(.failure(CancellationError())) }
    }

    /// Resumes the task unless the wait already ended (the timer fires after a cancellation).
    private func finish(_ result: Result<Void, any Error>) {
        let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .ended
            return continuation
        }
        guard let continuation else { return }
        MainBoundResume.perform { continuation.resume(with: result) }
    }
}

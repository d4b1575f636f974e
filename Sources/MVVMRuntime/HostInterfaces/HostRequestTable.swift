import CMVVM
import Dispatch
import MVVMBindingCore

/// What issued a host request: told on the host thread when nobody waits for the request any
/// more, so that it calls the host's `cancel` function.
@MainActor
public protocol HostRequestIssuer: AnyObject, Sendable {
    func notifyCancelled(_ request: OpaquePointer, expected: HostAnswerShape)
}

/// Every `mvvm_request` the process has pending, in one lock-protected table shared by all
/// threads (the resolve functions may be called from any thread).
///
/// A request pointer is never a pointer: like an object handle it packs a slot index and
/// the slot's generation (see `Handle`), so an answered, cancelled, unknown or pre-shutdown
/// request is recognised (`MVVM_E_NOT_FOUND`) instead of followed. Generations only grow
/// for the life of the process, so a request from before `mvvm_shutdown()` never names one
/// of a later runtime.
///
/// A request's life:
///   1. `register`: the repository reserves a slot, then calls the host's vtable function.
///   2. The host may answer at once (inside that call) or later, from any thread: `answer`
///      stores the answer until the awaiting task `attach`es its continuation, or resumes
///      the continuation directly. Either way the slot is freed exactly once.
///   3. If nobody waits any more, `cancel` (task cancellation) or `cancelAll` (shutdown)
///      frees the slot, resumes the awaiting task with `CancellationError`, and queues the
///      host's `cancel` callback, which runs on the host thread from the main queue (or
///      synchronously at shutdown, before the repository's destroy notifier).
public final class HostRequestTable: Sendable {
    public static let shared = HostRequestTable()

    private enum Waiter {
        /// Registered; the awaiting task has not attached its continuation yet.
        case none
        /// The awaiting task is suspended here.
        case continuation(UnsafeContinuation<HostAnswer, any Error>)
        /// Answered before the task attached; `attach` picks the result up.
        case answered(Result<HostAnswer, any Error>)
    }

    private struct Entry {
        let expected: HostAnswerShape
        let issuer: any HostRequestIssuer
        var waiter: Waiter
    }

    private struct Slot {
        var generation: UInt32
        var entry: Entry?
    }

    private struct State {
        var slots: [Slot] = []
        var freeSlots: [Int] = []
        /// Cancelled requests whose host `cancel` callback has not run yet, in order.
        var pendingCancels: [(request: Handle, expected: HostAnswerShape, issuer: any HostRequestIssuer)] = []
        /// Whether a main-queue block that runs `flushCancels()` is already queued.
        var flushQueued = false

        mutating func entry(_ handle: Handle) -> Entry? {
            guard handle.slot < slots.count, slots[handle.slot].generation == handle.generation else { return nil }
            return slots[handle.slot].entry
        }

        mutating func free(_ handle: Handle) {
            slots[handle.slot].entry = nil
            slots[handle.slot].generation &+= 1
            if slots[handle.slot].generation == 0 { slots[handle.slot].generation = 1 }
            freeSlots.append(handle.slot)
        }
    }

    private let state = PthreadLocked(State())

    private init() {}

    // MARK: - The awaiting side (host thread)

    /// Reserves a request expecting an answer of shape `expected`, issued by `issuer`.
    public func register(_ expected: HostAnswerShape, issuer: any HostRequestIssuer) -> Handle {
        state.withLock { state in
            let slot: Int
            if let reused = state.freeSlots.popLast() {
                slot = reused
            } else {
                slot = state.slots.count
                state.slots.append(Slot(generation: 1))
            }
            state.slots[slot].entry = Entry(expected: expected, issuer: issuer, waiter: .none)
            return Handle(slot: slot, generation: state.slots[slot].generation)
        }
    }

    /// Parks `continuation` on the request, or resumes it at once when the request was
    /// already answered (with the answer) or cancelled (with `CancellationError`).
    public func attach(_ handle: Handle, _ continuation: UnsafeContinuation<HostAnswer, any Error>) {
        let ready: Result<HostAnswer, any Error>? = state.withLock { state in
            guard let entry = state.entry(handle) else { return .failure(CancellationError()) }
            switch entry.waiter {
            case .answered(let result):
                state.free(handle)
                return result
            case .none, .continuation:
                state.slots[handle.slot].entry?.waiter = .continuation(continuation)
                return nil
            }
        }
        if let ready { MainBoundResume.perform { continuation.resume(with: ready) } }
    }

    // MARK: - Answers (any thread)

    /// Answers the request behind `pointer`: a failure fits every request, an answer only one
    /// of the shape the request expects (else it stays pending and the caller is told).
    public func answer(_ pointer: OpaquePointer, with result: Result<HostAnswer, any Error>) throws(APIError) {
        enum Outcome {
            case resume(UnsafeContinuation<HostAnswer, any Error>)
            case stored
            case notFound
            case wrongKind(HostAnswerShape)
        }
        let handle = Handle(pointer)
        let outcome: Outcome = state.withLock { state in
            guard let handle, let entry = state.entry(handle) else { return .notFound }
            if case .success(let answer) = result, !entry.expected.accepts(answer) { return .wrongKind(entry.expected) }
            switch entry.waiter {
            case .answered:
                return .notFound
            case .continuation(let continuation):
                state.free(handle)
                return .resume(continuation)
            case .none:
                state.slots[handle.slot].entry?.waiter = .answered(result)
                return .stored
            }
        }
        switch outcome {
        case .resume(let continuation):
            // The task continues on the main actor, so the ViewModel sees the answer on the
            // host thread, through the main queue and the descriptor of mvvm_get_fd(), with
            // no pool thread in between (MainBoundResume).
            MainBoundResume.perform { continuation.resume(with: result) }
        case .stored:
            break
        case .notFound:
            throw APIError(
                MVVM_E_NOT_FOUND,
                "The request \(pointer) is not pending: it was already answered, was cancelled (nobody waits for it any more, or mvvm_shutdown() ended it), or was never issued."
            )
        case .wrongKind(let expected):
            throw APIError(
                MVVM_E_INVALID_ARGUMENT,
                "The request \(pointer) must be answered with \(expected.resolveHint) (or mvvm_request_fail()); it stays pending.")
        }
    }

    // MARK: - Cancellation

    /// Nobody waits for the request any more (its task was cancelled): frees it, resumes the
    /// task with `CancellationError`, and queues the host's `cancel` callback. Does nothing
    /// for a request that was already answered or freed. Any thread.
    public func cancel(_ handle: Handle) {
        var continuation: UnsafeContinuation<HostAnswer, any Error>?
        let needsFlush: Bool = state.withLock { state in
            guard let entry = state.entry(handle) else { return false }
            switch entry.waiter {
            case .answered:
                // Answered: the task picks the answer up (and ignores it); nothing to cancel.
                return false
            case .continuation(let waiting):
                continuation = waiting
            case .none:
                break
            }
            state.free(handle)
            state.pendingCancels.append((handle, entry.expected, entry.issuer))
            guard !state.flushQueued else { return false }
            state.flushQueued = true
            return true
        }
        if let continuation {
            MainBoundResume.perform { continuation.resume(throwing: CancellationError()) }
        }
        if needsFlush {
            // The host's callback never runs inside a task's cancellation (which may be a
            // ViewModel's deinit, or any thread): it runs on the host thread, from the queue.
            MainQueue.async {
                MainActor.assumeIsolated { HostRequestTable.shared.flushCancels() }
            }
        }
    }

    /// Every request not answered or cancelled yet (the leak report).
    var pendingRequests: [Handle] {
        state.withLock { state in
            state.slots.indices.compactMap { slot in
                guard let entry = state.slots[slot].entry else { return nil }
                if case .answered = entry.waiter { return nil }
                return Handle(slot: slot, generation: state.slots[slot].generation)
            }
        }
    }

    /// Runs the host `cancel` callbacks of the cancelled requests, in order. Host thread.
    @MainActor
    func flushCancels() {
        while true {
            let batch = state.withLock { state in
                let batch = state.pendingCancels
                state.pendingCancels.removeAll()
                state.flushQueued = false
                return batch
            }
            if batch.isEmpty { return }
            for (request, expected, issuer) in batch { issuer.notifyCancelled(request.pointer, expected: expected) }
        }
    }

    /// Ends every pending request (shutdown): each awaiting task gets `CancellationError`
    /// and each host gets its `cancel` callbacks now, on the host thread.
    @MainActor
    public func cancelAll() {
        var continuations: [UnsafeContinuation<HostAnswer, any Error>] = []
        state.withLock { state in
            for slot in state.slots.indices {
                guard let entry = state.slots[slot].entry else { continue }
                let handle = Handle(slot: slot, generation: state.slots[slot].generation)
                switch entry.waiter {
                case .continuation(let continuation):
                    continuations.append(continuation)
                    state.pendingCancels.append((handle, entry.expected, entry.issuer))
                case .none:
                    state.pendingCancels.append((handle, entry.expected, entry.issuer))
                case .answered:
                    break  // answered: nothing to cancel; the task (if it ever runs) is cancelled
                }
                state.free(handle)
            }
        }
        MainBoundResume.perform {
            for continuation in continuations { continuation.resume(throwing: CancellationError()) }
        }
        flushCancels()
    }
}

/// How a sample repository imitates a remote service: a delay before each call and failures
/// chosen by a `FailurePolicy`.
///
/// The delay goes through `sleep`, so tests inject a recording fake and never really wait.
public struct SimulatedConditions: Sendable {
    /// Suspends for a duration; throws `CancellationError` if the task is cancelled meanwhile.
    /// Runs on the caller's actor (`nonisolated(nonsending)`): no hop to the global executor.
    public typealias Sleep = nonisolated(nonsending) @Sendable (Duration) async throws -> Void

    /// How long every call waits before it runs. `.zero` (the default) or less skips the wait.
    public var latency: Duration
    /// Which calls fail on purpose.
    public var failures: FailurePolicy
    /// How the latency is waited out.
    public var sleep: Sleep

    /// The real wait: `Task.sleep(for:)`, which honours cancellation.
    public static let taskSleep: Sleep = { duration in try await Task.sleep(for: duration) }

    /// Conditions with the given latency and failures; the wait uses `sleep`.
    public init(
        latency: Duration = .zero,
        failures: FailurePolicy = .never,
        sleep: @escaping Sleep = SimulatedConditions.taskSleep
    ) {
        self.latency = latency
        self.failures = failures
        self.sleep = sleep
    }

    /// No delay and no failures.
    public static let immediate = SimulatedConditions()

    /// Runs before call `callNumber` of `operation` does any work: waits out the latency,
    /// then gives up if the task was cancelled meanwhile, then throws the injected failure
    /// if the policy chose one.
    nonisolated(nonsending) func begin(_ operation: RepositoryOperation, callNumber: Int) async throws {
        if latency > .zero {
            try await sleep(latency)
        }
        try Task.checkCancellation()
        if let failure = failures.failure(for: operation, callNumber: callNumber) {
            throw failure
        }
    }
}

import CExecutorHooks
@_spi(ExperimentalCustomExecutors) import _Concurrency

/// Swift's main executor when the host thread is not the process's main thread: main-actor
/// jobs go to `HostThreadQueue`, which the host thread drains, and the main actor's isolation
/// checks (`MainActor.assumeIsolated`, SE-0423's dynamic checks) ask for the host thread.
///
/// Installed through the concurrency runtime's custom-executor SPI (`ExecutorFactory`,
/// `_createExecutors(factory:)`; Swift 6.3, still experimental: README, "The host thread").
package final class HostMainExecutor: MainExecutor, @unchecked Sendable {
    package static let shared = HostMainExecutor()

    package func enqueue(_ job: consuming ExecutorJob) {
        HostThreadQueue.shared.enqueue(UnownedJob(job))
    }

    /// The host owns the loop: nothing in the library runs one.
    package func run() throws { throw HostDrivenLoop() }
    package func stop() {}

    package func checkIsolated() {
        precondition(mvvmhook_is_host_thread() != 0, "main-actor code ran off the host thread")
    }

    package func isIsolatingCurrentContext() -> Bool? { mvvmhook_is_host_thread() != 0 }

    /// Makes this Swift's main executor. True when it is (also when an earlier call did),
    /// false when the runtime had made its own already (the main actor was used before).
    package static func install() -> Bool {
        _createExecutors(factory: HostExecutorFactory.self)
        return MainActor.executor === shared
    }
}

private struct HostDrivenLoop: Error {}

/// The factory `_createExecutors` asks: the host's main executor, the platform's pool.
private struct HostExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { HostMainExecutor.shared }
    static var defaultExecutor: any TaskExecutor { PlatformExecutorFactory.defaultExecutor }
}

import Dispatch

/// A serial executor running jobs on its own dispatch queue.
///
/// `JSONFileRepository` does blocking file I/O (`fsync` can take milliseconds). Running that
/// actor on a private queue keeps it off Swift's cooperative thread pool, which has only one
/// thread per core and must never block.
final class DispatchQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

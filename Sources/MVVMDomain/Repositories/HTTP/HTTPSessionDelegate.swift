import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session's delegate: routes each task's events to its `HTTPTransfer`. URLSession calls
/// it on the client's own delegate queue, never on the host's thread.
final class HTTPSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: any HTTPTransferEvents] = [:]  // guarded by `lock`

    /// Routes the events of the task with `identifier` to `transfer` until it completes.
    func register(_ transfer: any HTTPTransferEvents, for identifier: Int) {
        lock.withLock { transfers[identifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> (any HTTPTransferEvents)? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = transfer(for: dataTask)?.received(response: response) ?? false
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if transfer(for: dataTask)?.received(data: data) != true {
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        let finished = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
        finished?.completed(error: error)
    }
}

import CCurl
import FoundationEssentials
import MVVMBindingCore

/// One libcurl multi handle driven by its own thread: runs every exchange of one
/// `HTTPClient` (connections kept alive between them), and ends each exactly once — answered,
/// failed or cancelled. Other threads only queue work and wake it (`curl_multi_wakeup`).
///
/// The thread sleeps in `curl_multi_poll` while nothing happens; it ends when the client is
/// released (`stop`), cancelling what is still running.
final class HTTPTransferLoop: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    /// What other threads asked of the loop since it last looked.
    private let requests = PthreadLocked(Requests())
    // The loop's thread only:
    private var running: [UnsafeMutableRawPointer: HTTPExchange] = [:]
    /// Easy handles of finished transfers, reset and ready for the next request: a handle
    /// per request would be made and torn down on every page.
    private var idleHandles: [UnsafeMutableRawPointer] = []
    private static let maxIdleHandles = 4

    private struct Requests {
        var toAdd: [HTTPExchange] = []
        var toCancel: [HTTPExchange] = []
        var stopping = false
    }

    /// Starts the loop's thread, loading libcurl first if no loop has yet (`ccurl_load`:
    /// opened on first use, so a host without HTTP repositories never maps it).
    init() throws(DomainError) {
        if let failure = ccurl_load() {
            throw .unavailable(reason: "the HTTP client could not be started: \(String(cString: failure))")
        }
        guard let multi = ccurl_multi_init() else {
            throw .unavailable(reason: "the HTTP client could not be started")
        }
        self.multi = multi
        guard DetachedThread.start({ [self] in run() }) else {
            ccurl_multi_cleanup(multi)
            throw .unavailable(reason: "the HTTP client's thread could not be started")
        }
    }

    /// Runs `exchange` (any thread).
    func add(_ exchange: HTTPExchange) {
        requests.withLock { $0.toAdd.append(exchange) }
        ccurl_multi_wakeup(multi)
    }

    /// Cancels `exchange` (any thread): it ends with `.cancelled` soon, its connection closed.
    func cancel(_ exchange: HTTPExchange) {
        exchange.markCancelled()
        requests.withLock { $0.toCancel.append(exchange) }
        ccurl_multi_wakeup(multi)
    }

    /// Ends the thread after cancelling whatever is still running (any thread).
    func stop() {
        requests.withLock { $0.stopping = true }
        ccurl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            let (adds, cancels, stop) = requests.withLock { pending in
                defer {
                    pending.toAdd = []
                    pending.toCancel = []
                }
                return (pending.toAdd, pending.toCancel, pending.stopping)
            }
            for exchange in adds {
                if exchange.isCancelled || stop {
                    exchange.finish(.cancelled)
                } else if !start(exchange) {
                    exchange.finish(.failed(.unavailable(reason: "the HTTP client could not start the request")))
                }
            }
            for exchange in cancels {
                if let easy = exchange.easy { end(easy) { $0.finish(.cancelled) } }
            }
            if stop {
                for easy in Array(running.keys) { end(easy) { $0.finish(.cancelled) } }
                for easy in idleHandles { ccurl_easy_cleanup(easy) }
                idleHandles = []
                ccurl_multi_cleanup(multi)
                return
            }
            var active: Int32 = 0
            ccurl_multi_perform(multi, &active)
            var left: Int32 = 0
            while let message = ccurl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                end(easy) { $0.finish(code: code) }
            }
            ccurl_multi_poll(multi, nil, 0, 1_000, nil)
        }
    }

    /// Lends `exchange` an easy handle (an idle one, else a new one) and starts its transfer.
    private func start(_ exchange: HTTPExchange) -> Bool {
        guard let easy = idleHandles.popLast() ?? ccurl_easy_init() else { return false }
        exchange.attach(to: easy)
        guard ccurl_multi_add_handle(multi, easy) == CURLM_OK else {
            _ = exchange.detach()
            recycle(easy)
            return false
        }
        running[easy] = exchange
        return true
    }

    /// Takes a running exchange off the multi handle and back its easy handle, then lets
    /// `finish` answer it.
    private func end(_ easy: UnsafeMutableRawPointer, _ finish: (HTTPExchange) -> Void) {
        guard let exchange = running.removeValue(forKey: easy) else { return }
        ccurl_multi_remove_handle(multi, easy)
        _ = exchange.detach()
        recycle(easy)
        finish(exchange)
    }

    /// Keeps `easy` for the next request (reset to its defaults; the multi handle keeps the
    /// connections), or frees it when enough are idle.
    private func recycle(_ easy: UnsafeMutableRawPointer) {
        if idleHandles.count < Self.maxIdleHandles {
            ccurl_easy_reset(easy)
            idleHandles.append(easy)
        } else {
            ccurl_easy_cleanup(easy)
        }
    }
}

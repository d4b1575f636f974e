import Foundation

/// A thread-safe list that tests append to from subscribers called on many threads.
final class ConcurrentRecorder<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Element] = []  // guarded by `lock`

    func append(_ element: Element) { lock.withLock { stored.append(element) } }

    var elements: [Element] { lock.withLock { stored } }
}

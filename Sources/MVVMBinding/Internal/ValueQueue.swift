/// A first-in, first-out buffer with amortised O(1) removal from the front.
///
/// Used by the operators that hold values back until the downstream asks for them (merge,
/// zip, flatMap). A removed element is released at once rather than when the buffer compacts.
struct ValueQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= storage.count {
            // Compact once the dead prefix dominates, keeping removal amortised O(1).
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}

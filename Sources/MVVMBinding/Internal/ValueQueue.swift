/// A first-in, first-out buffer: a ring over storage it allocates itself, growing by doubling.
///
/// Used by the operators that hold values back until the downstream asks for them (merge,
/// zip, combineLatest, flatMap, switchToLatest). A removed element is released at once, and
/// emptying the queue keeps its storage, so a queue that fills and drains in a steady state
/// allocates nothing.
///
/// Raw storage rather than an array of optionals: these operators run unspecialised in their
/// users' modules, where every operation on `[Element?]` looks up the metadata of the array
/// and of the optional at run time; here only `Element`'s metadata (which the caller has) is
/// needed. Noncopyable, so the storage has exactly one owner, which frees it. The small
/// operations are inlined into their callers: called out of line from unspecialised code, each
/// needed the queue type's own metadata, a run-time lookup per value (measured on `zip`).
struct ValueQueue<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>?
    private var capacity = 0
    /// The slot of the oldest element.
    private var head = 0
    private(set) var count = 0

    init() {}

    deinit {
        guard let storage else { return }
        let (unwrapped, wrapped) = segmentCounts
        (storage + head).deinitialize(count: unwrapped)
        storage.deinitialize(count: wrapped)
        storage.deallocate()
    }

    @inline(__always) var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (storage! + slot(count)).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        return removeFirst()
    }

    /// Removes and returns the oldest element; the queue must not be empty.
    @inline(__always)
    mutating func removeFirst() -> Element {
        precondition(count > 0, "removeFirst() on an empty ValueQueue")
        let element = (storage! + head).move()
        head = slot(1)
        count -= 1
        if count == 0 { head = 0 }
        return element
    }

    /// Removes every element, keeping the storage for reuse.
    @inline(__always)
    mutating func removeAll() {
        while count > 0 { _ = removeFirst() }
    }

    /// The elements, oldest first, as an array: for mirrors only (it copies).
    var elements: [Element] {
        (0..<count).map { (storage! + slot($0)).pointee }
    }

    /// How many elements run from `head` to the end of the storage, and how many wrapped
    /// round to its start.
    private var segmentCounts: (unwrapped: Int, wrapped: Int) {
        let unwrapped = Swift.min(count, capacity - head)
        return (unwrapped, count - unwrapped)
    }

    /// The storage index of the element `offset` places after the oldest.
    @inline(__always)
    private func slot(_ offset: Int) -> Int {
        let index = head + offset
        return index < capacity ? index : index - capacity
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = Swift.max(4, capacity * 2)
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let storage {
            let (unwrapped, wrapped) = segmentCounts
            newStorage.moveInitialize(from: storage + head, count: unwrapped)
            (newStorage + unwrapped).moveInitialize(from: storage, count: wrapped)
            storage.deallocate()
        }
        storage = newStorage
        capacity = newCapacity
        head = 0
    }
}

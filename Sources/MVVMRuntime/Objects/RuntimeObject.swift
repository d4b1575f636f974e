import CMVVM

/// What the runtime keeps for every handle: the object's type, its signals and connections,
/// the changes waiting for the end of the current call, and the strings its getters lent out.
///
/// Subclasses wrap one ViewModel (or repository, or the coordinator): they subscribe to its
/// publishers, call `propertyChanged(_:)` / `queueEvent(_:)`, and answer `currentValue(of:)`.
@MainActor
class RuntimeObject {
    let type: mvvm_type
    let signals: [SignalSpec]
    private(set) var handle: Handle?
    /// Set for screens a coordinator owns: the host may not destroy them.
    var isOwnedByCoordinator = false
    private(set) var connections: [[Connection]]
    private var dirtyProperties: UInt64 = 0
    private var pendingEvents: [PendingEvent] = []
    /// Whether the object sits in the runtime's queue of objects with pending deliveries.
    var isQueuedForDelivery = false
    let borrowed = BorrowedStrings()

    /// The C type of this class's objects (overridden by every subclass).
    class var objectType: mvvm_type { fatalError("RuntimeObject subclasses override objectType") }

    init(type: mvvm_type, signals: [SignalSpec]) {
        precondition(signals.count <= 64, "pending properties are a 64-bit mask")
        self.type = type
        self.signals = signals
        self.connections = Array(repeating: [], count: signals.count)
    }

    var isAlive: Bool { handle != nil }

    func attach(handle: Handle) { self.handle = handle }

    /// Stops the object's work and forgets its connections (destroy notifiers run). Called by
    /// destroy and shutdown; subclasses cancel subscriptions and tasks in `tearDown()`.
    func invalidate() {
        handle = nil
        pendingEvents.removeAll()
        dirtyProperties = 0
        let all = connections.flatMap { $0 }
        connections = Array(repeating: [], count: signals.count)
        for connection in all { connection.disconnect() }
        borrowed.releaseAll()
        tearDown()
    }

    /// Subclass hook: cancel subscriptions and work.
    func tearDown() {}

    // MARK: - Connections

    func signalIndex(named name: String) -> Int? {
        signals.firstIndex { $0.name == name }
    }

    func add(_ connection: Connection) {
        connections[connection.signalIndex].append(connection)
    }

    func remove(_ connection: Connection) {
        connections[connection.signalIndex].removeAll { $0 === connection }
    }

    // MARK: - Changes

    /// Records that the property announced by signal `index` changed. Coalesced: delivered
    /// once, with its value at delivery time. Free when nobody listens — which is also why
    /// subclasses subscribe to `$property` without `dropFirst()`: the current value replayed
    /// at subscription arrives before any handler can be connected, and is ignored here.
    @inline(__always)
    func propertyChanged(_ index: Int) {
        guard !connections[index].isEmpty, let runtime = Runtime.current else { return }
        dirtyProperties |= 1 << UInt64(index)
        runtime.scheduleDelivery(of: self)
    }

    /// Queues an event; events are delivered in order, after the property notifications.
    func queueEvent(_ event: PendingEvent) {
        guard !connections[event.signalIndex].isEmpty, let runtime = Runtime.current else { return }
        if case .changes(let index, let more) = event,
           case .changes(let lastIndex, let earlier)? = pendingEvents.last, lastIndex == index {
            // Consecutive list edits form one change set, in order.
            pendingEvents[pendingEvents.count - 1] = .changes(index, earlier + more)
        } else {
            pendingEvents.append(event)
        }
        runtime.scheduleDelivery(of: self)
    }

    /// Subclass hook: the current value of the property announced by signal `index`,
    /// handed to `body` (pointers inside are valid only during `body`).
    func withCurrentValue(of index: Int, _ body: (SignalValue) -> Void) {
        fatalError("\(Swift.type(of: self)) announces property \(signals[index].name) but has no value for it")
    }

    /// Delivers what is pending. A handler may destroy this object: delivery stops then.
    func deliverPending() {
        let properties = dirtyProperties
        dirtyProperties = 0
        let events = pendingEvents
        pendingEvents.removeAll()
        var remaining = properties
        while remaining != 0, isAlive {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            withCurrentValue(of: index) { emit(index, $0) }
        }
        for event in events where isAlive {
            event.withValue { emit(event.signalIndex, $0) }
        }
    }

    /// Calls every handler of signal `index`; handlers connected or disconnected during the
    /// emission take effect from the next one (disconnected ones are skipped at once).
    func emit(_ index: Int, _ value: SignalValue) {
        guard let handle else { return }
        let targets = connections[index]
        let object = handle.pointer
        for connection in targets {
            connection.invoke(object: object, value)
            if !isAlive { return }
        }
    }
}

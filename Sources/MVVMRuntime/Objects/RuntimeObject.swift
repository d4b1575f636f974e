import CMVVM
import MVVMBindingCore

/// What the runtime keeps for every handle: the object's type, its signals and connections,
/// the changes waiting for the end of the current call, and the strings its getters lent out.
///
/// `ViewModelObject` wraps one ViewModel and wires it from its type's declaration; an
/// application's subclasses add state of their own (objects it owns, Swift objects a handle
/// stands for). What a property notification
/// carries is read through the declaration (`withCurrentValue(of:_:)`).
///
/// The state below is confined to the main actor and only read or assigned, never held
/// `inout` across a call, so the per-access dynamic exclusivity check Swift would otherwise
/// pay on the signal path (~80 instructions each) is turned off with `@exclusivity(unchecked)`.
@MainActor
open class RuntimeObject {
    // The small fields first and together (Swift lays fields out in declaration order): every
    // live object pays for the padding otherwise.
    public let type: mvvm_type
    /// Set for an object another object owns and destroys (a screen of a navigation stack):
    /// the host may not destroy it, and at shutdown it is destroyed after the objects that own.
    /// A flag, not the owner: it sits in the padding of the fields above.
    public var isOwned = false
    /// Set while `emit` walks a signal's connections: ending one then leaves it in place
    /// (it is skipped, being disconnected) until the emission is over.
    @exclusivity(unchecked) private var isEmitting = false
    @exclusivity(unchecked) private var hasEndedConnections = false
    /// Whether the object sits in the runtime's queue of objects with pending deliveries.
    @exclusivity(unchecked) public internal(set) var isQueuedForDelivery = false
    /// The type's declaration: its members, signals and how to read them.
    let declaration: TypeDeclaration
    var signals: [SignalSpec] { declaration.signals }
    /// The handle, while the object is alive.
    public var handle: Handle? { Handle(handlePointer) }
    /// The handle as handlers receive it, encoded once rather than on every emission.
    @exclusivity(unchecked) private var handlePointer: OpaquePointer?
    /// Every signal's connections, in the order they were made (one list: an object has few,
    /// and one list costs one allocation rather than one per signal). Unretained: the
    /// runtime's table owns them and keeps one ended during a call until the call is over.
    /// Empty (no allocation) until the first handler connects.
    @exclusivity(unchecked) private var connections: [Unmanaged<Connection>] = []
    /// Bit i is set while signal i has at least one connection: a change nobody listens to
    /// costs one AND.
    @exclusivity(unchecked) private(set) var connectedSignals: UInt64 = 0
    @exclusivity(unchecked) private var dirtyProperties: UInt64 = 0
    /// Per property notification, the value last announced (or current when its first handler
    /// connected): a change back to it is not announced. Empty until a handler connects, then
    /// as long as the highest property notification connected so far needs.
    @exclusivity(unchecked) private var announced: [Value] = []
    @exclusivity(unchecked) private var pendingEvents: [PendingEvent] = []
    /// The next object in that queue (see `Runtime`).
    @exclusivity(unchecked) var nextInDeliveryQueue: Unmanaged<RuntimeObject>?
    /// The strings getters lent out; created by the first getter that lends one.
    public var borrowed: BorrowedStrings {
        if let lentStrings { return lentStrings }
        let created = BorrowedStrings()
        lentStrings = created
        return created
    }
    private var lentStrings: BorrowedStrings?

    /// The C type of this class's objects (overridden by every subclass).
    open class var objectType: mvvm_type { fatalError("RuntimeObject subclasses override objectType") }

    /// The type tag comes from the class, so a tag names exactly one class (see
    /// `Runtime.object(_:as:)`).
    public init(declaration: TypeDeclaration) {
        self.type = Self.objectType
        self.declaration = declaration
    }

    public var isAlive: Bool { handlePointer != nil }

    func attach(handle: Handle) { handlePointer = handle.pointer }

    /// Stops the object's work and forgets its connections (destroy notifiers run). Called by
    /// destroy and shutdown; subclasses cancel subscriptions and tasks in `tearDown()`.
    func invalidate() {
        handlePointer = nil
        pendingEvents.removeAll()
        dirtyProperties = 0
        let previouslyConnected = connectedSignals
        connectedSignals = 0
        if previouslyConnected != 0 { connectedSignalsChanged(from: previouslyConnected) }
        let all = connections
        connections = []
        announced = []
        for connection in all { connection.withGuaranteedInstance { $0.disconnect() } }
        lentStrings?.releaseAll()
        tearDown()
    }

    /// Subclass hook: stop the object's own work (its subscriptions are already cancelled).
    open func tearDown() {}

    // MARK: - Subscriptions

    /// Marks the signals in `mask` changed after every assignment of a `@Published`
    /// property: a direct observation (`PublishedObservation`) rather than a subscription,
    /// with this object, unretained, as its context and the mask as its token. The caller
    /// removes it with `stopObserving(_:mask:)` when no handler needs it any more, and at the
    /// latest in `invalidate()` or its deinit, so the context never outlives the object.
    func observe<Value>(_ property: Published<Value>.Publisher, mask: UInt64) {
        let observation = PublishedObservation(
            context: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), token: mask
        ) { context, mask in
            // ViewModels are @MainActor: their properties are assigned, and this runs, on the
            // host thread, inside an API call whose entry checked it.
            HostThread.assumeCurrent((context, mask)) { context, mask in
                Unmanaged<RuntimeObject>.fromOpaque(context).withGuaranteedInstance { $0.propertiesChanged(mask) }
            }
        }
        property.addUntrackedObservation(observation)
    }

    /// Ends what `observe(_:mask:)` started with the same property and mask.
    func stopObserving<Value>(_ property: Published<Value>.Publisher, mask: UInt64) {
        property.removeObservation(context: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), token: mask)
    }

    /// Calls `receive` with this object and every value `publisher` sends, until the object
    /// is invalidated (events, list changes).
    ///
    /// The one place the object is captured `unowned(unsafe)`: the subscription is cancelled
    /// by `invalidate()` or, at the latest, when this object's deinit releases it, and
    /// ViewModels publish on the main actor, so no value can arrive once the object is gone;
    /// a checked `unowned` would cost two atomic operations per value on the signal path.
    public func subscription<P: Publisher>(
        to publisher: P, _ receive: @escaping @MainActor (RuntimeObject, P.Output) -> Void
    ) -> AnyCancellable where P.Failure == Never {
        publisher.sink { [unowned(unsafe) self] value in receive(self, value) }
    }

    /// Subclass hook: `connectedSignals` changed from `previous` (a signal got its first
    /// handler or lost its last one; `invalidate()` clears them all). ViewModels observe their
    /// properties and subscribe to their events here, only while a handler of a signal they
    /// feed is connected.
    open func connectedSignalsChanged(from previous: UInt64) {}

    // MARK: - Connections

    func signalIndex(named name: String) -> Int? {
        signals.firstIndex { $0.name == name }
    }

    /// The bit mask of the signals `indices` (bit i stands for signal i).
    nonisolated static func mask(_ indices: [Int]) -> UInt64 {
        indices.reduce(0) { $0 | 1 << UInt64($1) }
    }

    func add(_ connection: Connection) {
        let index = connection.signalIndex
        if signals[index].isPropertyNotification {
            // The notify rule compares with the value last announced, which is the current
            // value unless a change is pending. The first handler starts from the current
            // value; a later one connected while a change is pending keeps its own.
            if index >= announced.count {
                // Exactly as long as needed (rather than doubling): one slot per notification
                // up to the highest connected one.
                var grown: [Value] = []
                grown.reserveCapacity(index + 1)
                grown.append(contentsOf: announced)
                grown.append(contentsOf: repeatElement(.none, count: index + 1 - announced.count))
                announced = grown
            }
            if connectedSignals & Self.mask([index]) == 0 {
                announced[index] = declaration.notificationValue(index, of: self)
            } else if dirtyProperties & Self.mask([index]) != 0 {
                connection.connectBaseline = declaration.notificationValue(index, of: self)
            }
        }
        // The few connections an object usually has fit exactly; longer lists grow by doubling.
        if connections.count < 8 { connections.reserveCapacity(connections.count + 1) }
        connections.append(Unmanaged.passUnretained(connection))
        let before = connectedSignals
        connectedSignals |= Self.mask([connection.signalIndex])
        if connectedSignals != before { connectedSignalsChanged(from: before) }
    }

    /// Forgets `connection` (the runtime disconnects it); during an emission, once it is over.
    func remove(_ connection: Connection) {
        if isEmitting {
            hasEndedConnections = true
            return
        }
        let index = connection.signalIndex
        connections.removeAll { $0.toOpaque() == Unmanaged.passUnretained(connection).toOpaque() }
        if !connections.contains(where: { $0.withGuaranteedInstance(\.signalIndex) == index }) {
            let before = connectedSignals
            connectedSignals &= ~Self.mask([index])
            lastConnectionRemoved(from: before)
        }
    }

    /// A signal lost its last handler: tell the subclass, and drop the per-signal state once
    /// no signal has any (nothing pending refers to it then).
    private func lastConnectionRemoved(from previous: UInt64) {
        connectedSignalsChanged(from: previous)
        if connectedSignals == 0 && !isEmitting && dirtyProperties == 0 && pendingEvents.isEmpty {
            connections = []
            announced = []
        }
    }

    /// Drops the connections ended during an emission.
    private func removeEndedConnections() {
        hasEndedConnections = false
        let before = connectedSignals
        connections.removeAll { !$0.withGuaranteedInstance(\.isConnected) }
        var stillConnected: UInt64 = 0
        for connection in connections { stillConnected |= Self.mask([connection.withGuaranteedInstance(\.signalIndex)]) }
        connectedSignals &= stillConnected
        if connectedSignals != before { lastConnectionRemoved(from: before) }
    }

    // MARK: - Changes

    /// Records that the properties announced by the signals in the bit mask `signals`
    /// changed. Coalesced: each is delivered once, with its value at delivery time. Free when
    /// nobody listens — which is also why `observe` subscribes to `$property` without
    /// `dropFirst()`: the current value replayed at subscription arrives before any handler
    /// can be connected, and is ignored here.
    @inline(__always)
    final func propertiesChanged(_ signals: UInt64) {
        let listened = signals & connectedSignals
        guard listened != 0 else { return }
        dirtyProperties |= listened
        if !isQueuedForDelivery { Runtime.scheduleDelivery(of: self) }
    }

    /// `propertiesChanged` for the one signal `index`.
    final func propertyChanged(_ index: Int) {
        propertiesChanged(Self.mask([index]))
    }

    /// Queues an event; events are delivered in order, after the property notifications.
    public func queueEvent(_ event: PendingEvent) {
        guard connectedSignals & Self.mask([event.signalIndex]) != 0, Runtime.unretainedCurrent != nil else { return }
        if case .changes(let index, let more) = event,
            case .changes(let lastIndex, let earlier)? = pendingEvents.last, lastIndex == index
        {
            // Consecutive list edits form one change set, in order.
            pendingEvents[pendingEvents.count - 1] = .changes(index, earlier + more)
        } else {
            pendingEvents.append(event)
        }
        Runtime.scheduleDelivery(of: self)
    }

    /// Announces the property of signal `index` if its value differs from the one last
    /// announced (the header's notify rule).
    private func announceProperty(_ index: Int) {
        guard index < announced.count else { return }
        let value = declaration.notificationValue(index, of: self)
        guard value != announced[index] else { return }
        value.withSignalValue(as: signals[index].shape) { emit(index, $0, announcing: value) }
        // Stored after the emission (a handler that changes it again marks it anew, and the
        // next round compares with what this one announced); the object may be gone by then.
        if isAlive, index < announced.count { announced[index] = consume value }
    }

    /// Delivers what is pending. A handler may destroy this object: delivery stops then.
    open func deliverPending() {
        // Events queued by the handlers below wait for the next round (the object is queued
        // again), so this round's are taken now — when there are any.
        var events: [PendingEvent]?
        if !pendingEvents.isEmpty {
            events = pendingEvents
            pendingEvents = []
        }
        var remaining = dirtyProperties
        dirtyProperties = 0
        while remaining != 0, isAlive {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            announceProperty(index)
        }
        guard let events else { return }
        for event in events where isAlive {
            event.withValue { emit(event.signalIndex, $0) }
        }
    }

    /// Calls every handler of signal `index`; handlers connected or disconnected during the
    /// emission take effect from the next one (disconnected ones are skipped at once).
    ///
    /// Walks the object's own list by position, without a snapshot or a retain per handler:
    /// connections made meanwhile are appended past `count`, ended ones stay in place until
    /// the emission is over, and every one of them stays alive until the outermost call ends
    /// (the runtime's lifetime rule). Emissions of one object never nest: deliveries happen
    /// only in the runtime's delivery loop.
    func emit(_ index: Int, _ value: SignalValue, announcing property: Value? = nil) {
        guard let object = handlePointer else { return }
        let count = connections.count
        isEmitting = true
        for position in 0..<count {
            connections[position].withGuaranteedInstance { connection in
                guard connection.signalIndex == index else { return }
                // A handler connected while this change was pending, at the value it has now.
                if let property, let baseline = connection.connectBaseline {
                    connection.connectBaseline = nil
                    if baseline == property { return }
                }
                if Journal.isOn && connection.isConnected { JournalEvents.signal(self, index, value, connection) }
                connection.invoke(object: object, value)
            }
            // Destroyed by the handler: its connections are gone with it.
            if !isAlive { break }
        }
        isEmitting = false
        if hasEndedConnections { removeEndedConnections() }
    }
}

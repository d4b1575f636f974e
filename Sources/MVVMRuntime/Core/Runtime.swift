import CMVVM

/// The runtime between `mvvm_init()` and `mvvm_shutdown()`: the handle table, the
/// connections, the closures, and the queue of objects with changes to deliver.
///
/// State read on every call is `@exclusivity(unchecked)`: it is confined to the main actor
/// and never held `inout` across a call that could reach it again, so the dynamic check
/// (~80 instructions per access) would guard nothing.
///
/// Lifetime rule: an object destroyed or a connection ended while an API call is running (or
/// an object destroyed while it waits in the delivery queue) is kept (in `keptUntilCallEnds`)
/// until the outermost call has delivered everything. So code inside a call — its body, the
/// delivery loop, an emission — uses objects and connections without retaining them
/// (`Unmanaged`), which saves an atomic operation pair each time, and a handler destroying
/// the very object being delivered, or disconnecting itself, is still safe.
@MainActor
public final class Runtime {
    /// The running runtime, or nil before init and after shutdown.
    public internal(set) static var current: Runtime? {
        didSet { unretainedCurrent = current.map(Unmanaged.passUnretained) }
    }
    /// `current` without reference counting, for the entry of every call: the runtime cannot
    /// go away during a call (`mvvm_shutdown()` refuses to run inside one).
    @exclusivity(unchecked) private(set) static var unretainedCurrent: Unmanaged<Runtime>?

    @exclusivity(unchecked) private(set) var handles = HandleTable()
    private var connectionsByID: [UInt64: (connection: Connection, object: RuntimeObject)] = [:]
    private var nextConnectionID: UInt64 = 1
    var closures: [UInt64: CommandClosure] = [:]
    /// Freed closures wait here until no call can be running inside them (their code must
    /// outlive a command that frees its own closure); emptied by dispatch and shutdown.
    var retiredClosures: [CommandClosure] = []
    private var nextClosureID: UInt64 = 1
    /// How deep the host thread is inside API calls; deliveries happen when the outermost ends.
    @exclusivity(unchecked) private(set) var callDepth = 0
    /// Objects with changes to deliver, in the order they first changed: a list linked through
    /// the objects (`nextInDeliveryQueue`), so queuing allocates nothing and checks no buffer.
    /// Unretained: an object destroyed while queued is kept alive by `keptUntilCallEnds`.
    @exclusivity(unchecked) private var deliveryQueueHead: Unmanaged<RuntimeObject>?
    @exclusivity(unchecked) private var deliveryQueueTail: Unmanaged<RuntimeObject>?
    /// Objects destroyed and connections ended during a call (or objects destroyed while
    /// queued), released once the outermost call has delivered; see the lifetime rule above.
    @exclusivity(unchecked) private var keptUntilCallEnds: [AnyObject] = []

    // MARK: - Calls

    @inline(__always)
    func enter() { callDepth += 1 }

    /// Ends one API call; the outermost delivers everything that changed during it. Depth
    /// stays above zero while delivering, so calls from handlers do not deliver recursively
    /// (the loop below picks up what they change).
    @inline(__always)
    func leave() {
        if callDepth == 1 && !(deliveryQueueHead == nil && keptUntilCallEnds.isEmpty) { finishOutermostCall() }
        callDepth -= 1
    }

    /// Delivers, then releases what the call kept alive; repeats while either produced more
    /// (a deinit can reach host code — a host repository's destroy notifier — which may call
    /// the API again, changing or destroying objects).
    private func finishOutermostCall() {
        repeat {
            if deliveryQueueHead != nil { deliverAll() }
            releaseKeptObjects()
        } while !(deliveryQueueHead == nil && keptUntilCallEnds.isEmpty)
    }

    /// Releases what `keptUntilCallEnds` holds. Swapped out first: a deinit that calls back
    /// into the API adds to a fresh list instead of the one being emptied.
    private func releaseKeptObjects() {
        guard !keptUntilCallEnds.isEmpty else { return }
        var released: [AnyObject] = []
        swap(&released, &keptUntilCallEnds)
        released.removeAll()
    }

    /// True while a handler (or anything else inside an API call) is running.
    public var isInsideCall: Bool { callDepth > 0 }

    /// Queues `object` for delivery at the end of the outermost call (once). Static so that
    /// marking a change needs no (counted) reference to the runtime.
    public static func scheduleDelivery(of object: RuntimeObject) {
        guard !object.isQueuedForDelivery, let current = unretainedCurrent else { return }
        object.isQueuedForDelivery = true
        current.withGuaranteedInstance { $0.appendToDeliveryQueue(Unmanaged.passUnretained(object)) }
    }

    /// Delivers in queue order. Handlers may change more objects meanwhile: those join the end
    /// of the queue (an object delivered already joins again) and are delivered in this loop.
    private func deliverAll() {
        while let entry = deliveryQueueHead {
            entry.withGuaranteedInstance { object in
                deliveryQueueHead = object.nextInDeliveryQueue
                if deliveryQueueHead == nil { deliveryQueueTail = nil }
                object.nextInDeliveryQueue = nil
                object.isQueuedForDelivery = false
                if object.isAlive { object.deliverPending() }
            }
        }
    }

    private func appendToDeliveryQueue(_ entry: Unmanaged<RuntimeObject>) {
        if let tail = deliveryQueueTail {
            tail.withGuaranteedInstance { $0.nextInDeliveryQueue = entry }
        } else {
            deliveryQueueHead = entry
        }
        deliveryQueueTail = entry
    }

    /// Keeps `object` until the outermost call has delivered, if code inside a call or the
    /// delivery queue may still use it unretained; see the lifetime rule above.
    private func keepUntilCallEnds(_ object: RuntimeObject) {
        if callDepth > 0 || object.isQueuedForDelivery { keptUntilCallEnds.append(object) }
    }

    /// The same for a connection leaving the table: outside a call nothing can be using it.
    private func keepUntilCallEnds(_ connection: Connection) {
        if callDepth > 0 { keptUntilCallEnds.append(connection) }
    }

    // MARK: - Objects

    @discardableResult
    public func register(_ object: RuntimeObject) -> OpaquePointer {
        let handle = handles.insert(object)
        object.attach(handle: handle)
        if LeakReport.isTracking { LeakReport.made(.object(handle)) }
        return handle.pointer
    }

    /// The live object behind `pointer`, or the precise reason there is none.
    func object(_ pointer: OpaquePointer?) throws(APIError) -> RuntimeObject {
        guard let pointer else { throw APIError(MVVM_E_INVALID_HANDLE, "The object handle is NULL.") }
        guard let handle = Handle(pointer), let object = handles.object(at: handle) else {
            throw APIError(
                MVVM_E_INVALID_HANDLE,
                "The handle \(pointer) does not name a live object: it was destroyed, never issued, or issued before a shutdown.")
        }
        return object
    }

    /// The live object behind `pointer`, which must be a `T`.
    ///
    /// Checked by the type tag rather than a dynamic cast: each final subclass has its own
    /// tag (`RuntimeObject.init` takes it from `objectType`), so equal tags mean the class.
    @inline(__always)
    public func object<T: RuntimeObject>(_ pointer: OpaquePointer?, as type: T.Type) throws(APIError) -> T {
        let object = try object(pointer)
        guard object.type == T.objectType else {
            throw APIError(MVVM_E_WRONG_TYPE, "The handle names a \(TypeCatalog.name(of: object.type)), not a \(TypeCatalog.name(of: T.objectType)).")
        }
        return unsafeDowncast(object, to: T.self)
    }

    /// `object(_:as:)` without reference counting, for the object a call works on: valid until
    /// the outermost call ends (see the lifetime rule above).
    @inline(__always)
    func unretainedObject<T: RuntimeObject>(_ pointer: OpaquePointer?, as type: T.Type) throws(APIError) -> Unmanaged<T> {
        if let handle = Handle(pointer), let object = handles.unretainedObject(at: handle),
            object.withGuaranteedInstance({ $0.type }) == T.objectType
        {
            return unsafeBitCast(object, to: Unmanaged<T>.self)
        }
        // Not a live T: the checked lookup says precisely why.
        return Unmanaged.passUnretained(try self.object(pointer, as: T.self))
    }

    public func destroy(_ object: RuntimeObject) {
        guard let handle = object.handle else { return }
        keepUntilCallEnds(object)
        // Held here too: `invalidate()` disconnects them, unretained, after the table let go.
        var ended: [Connection] = []
        for (id, entry) in connectionsByID where entry.object === object {
            ended.append(entry.connection)
            keepUntilCallEnds(entry.connection)
            connectionsByID[id] = nil
            if Journal.isOn { JournalEvents.disconnected(entry.connection) }
        }
        handles.remove(handle)
        LeakReport.ended(.object(handle))
        object.invalidate()
        withExtendedLifetime(ended) {}
    }

    // MARK: - Connections

    func connect(
        _ object: RuntimeObject, signal: Int, handler: mvvm_callback, userData: UnsafeMutableRawPointer?,
        destroy: mvvm_destroy_notify?, layout: Connection.Layout
    ) -> UInt64 {
        let id = nextConnectionID
        nextConnectionID += 1
        let connection = Connection(signalIndex: signal, handler: handler, userData: userData, destroy: destroy, layout: layout)
        object.add(connection)
        connectionsByID[id] = (connection, object)
        if Journal.isOn { JournalEvents.connected(connection, id: id) }
        return id
    }

    func disconnect(_ id: UInt64) throws(APIError) {
        guard let entry = connectionsByID.removeValue(forKey: id) else {
            throw APIError(MVVM_E_NOT_FOUND, "No connection has id \(id): it was never issued or is already disconnected.")
        }
        keepUntilCallEnds(entry.connection)
        entry.object.remove(entry.connection)
        entry.connection.disconnect()
        if Journal.isOn { JournalEvents.disconnected(entry.connection) }
    }

    // MARK: - Closures

    func add(_ closure: CommandClosure) -> UInt64 {
        let id = nextClosureID
        nextClosureID += 1
        closures[id] = closure
        if LeakReport.isTracking { LeakReport.made(.closure(id)) }
        return id
    }

    /// How many handlers are connected to `object` (the leak report, the inspector).
    func connectionCount(of object: RuntimeObject) -> Int {
        connectionsByID.values.reduce(0) { $0 + ($1.object === object ? 1 : 0) }
    }

    /// The connection ids of `object`, with their signals' names (the inspector).
    func connections(of object: RuntimeObject) -> [(id: UInt64, signal: String)] {
        connectionsByID.filter { $0.value.object === object }.sorted { $0.key < $1.key }.map { id, entry in
            (id, object.signals[entry.connection.signalIndex].name)
        }
    }

    // MARK: - Shutdown

    /// Destroys every object (handlers' destroy notifiers run) and frees every closure.
    func tearDown() {
        closures.removeAll()
        retiredClosures.removeAll()
        deliveryQueueHead = nil
        deliveryQueueTail = nil
        // Owners first, so they release the objects they own before those are invalidated.
        let objects = handles.liveObjects.sorted { ($0.isOwned ? 1 : 0) < ($1.isOwned ? 1 : 0) }
        for object in objects { destroy(object) }
        // While this runtime is still current: their deinits may reach host code.
        while !keptUntilCallEnds.isEmpty { releaseKeptObjects() }
        // The application's own shutdown work (its pending requests to the host end, say).
        TypeRegistry.shared.runShutdownWork()
    }
}

import CFFI
import CMVVM

/// One handler connected to one signal of one object.
///
/// The destroy notifier runs exactly once, when the connection ends; if the handler is running
/// at that moment (it disconnected itself, or destroyed its object), the notifier waits until
/// the handler has returned, so user_data stays valid for the whole call.
@MainActor
final class Connection {
    enum Layout {
        /// handler(object, arguments..., user_data) through its exact C type.
        case direct
        /// handler(user_data, arguments..., object) through libffi.
        case swapped(FFICallDescription)
        /// handler(arguments..., user_data) through libffi.
        case noObject(FFICallDescription)
    }

    // The id is the runtime table's key, not kept here; the signal index is stored narrow,
    // beside the other small fields: every connection stays in a smaller malloc size class.
    var signalIndex: Int { Int(storedSignalIndex) }
    private let handler: mvvm_callback
    private let userData: UnsafeMutableRawPointer?
    private let destroy: mvvm_destroy_notify?
    private let layout: Layout
    // Main-actor state read on every emission; see `Runtime` for why it is unchecked.
    // Small fields together, after `layout`: the object stays in a smaller malloc size class.
    @exclusivity(unchecked) private(set) var isConnected = true
    @exclusivity(unchecked) private var destroyPending = false
    @exclusivity(unchecked) private var runningCalls: Int32 = 0
    private let storedSignalIndex: UInt16
    /// For a property notification connected while the property had a change pending: the
    /// value it had at connect time, which this handler, unlike the older ones, compares the
    /// pending change with (see `RuntimeObject.add`). Cleared at the next announcement.
    var connectBaseline: Value? {
        get { baseline?.value }
        set { baseline = newValue.map(Baseline.init) }
    }
    /// Boxed: rarely set, and a word here rather than an optional `Value` inline keeps every
    /// connection in a smaller malloc size class.
    private var baseline: Baseline?
    private final class Baseline {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    init(
        signalIndex: Int, handler: mvvm_callback, userData: UnsafeMutableRawPointer?,
        destroy: mvvm_destroy_notify?, layout: Layout
    ) {
        precondition(signalIndex >= 0 && signalIndex <= Int(UInt16.max), "signal index out of range")
        self.storedSignalIndex = UInt16(signalIndex)
        self.handler = handler
        self.userData = userData
        self.destroy = destroy
        self.layout = layout
    }

    /// Ends the connection: the handler is not called again; the notifier runs now, or when
    /// the running call returns.
    func disconnect() {
        guard isConnected else { return }
        isConnected = false
        if runningCalls == 0 { runDestroyNotifier() } else { destroyPending = true }
    }

    private func runDestroyNotifier() {
        destroy?(userData)
    }

    /// Calls the handler with `value`, unless it was disconnected meanwhile.
    func invoke(object: OpaquePointer, _ value: SignalValue) {
        guard isConnected else { return }
        runningCalls += 1
        switch layout {
        case .direct: callDirect(object: object, value)
        case .swapped(let description): callThroughFFI(description, object: object, value, swapped: true)
        case .noObject(let description): callThroughFFI(description, object: nil, value, swapped: false)
        }
        runningCalls -= 1
        if destroyPending && runningCalls == 0 {
            destroyPending = false
            runDestroyNotifier()
        }
    }

    private typealias Int32Handler = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void
    private typealias Int64Handler = @convention(c) (OpaquePointer?, Int64, UnsafeMutableRawPointer?) -> Void
    private typealias PointerHandler = @convention(c) (OpaquePointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void
    private typealias ChangesHandler = @convention(c) (OpaquePointer?, UnsafePointer<mvvm_list_change>?, Int, UnsafeMutableRawPointer?) -> Void
    private typealias Int32AndObjectHandler = @convention(c) (OpaquePointer?, Int32, OpaquePointer?, UnsafeMutableRawPointer?) -> Void

    @inline(__always)
    private func callDirect(object: OpaquePointer, _ value: SignalValue) {
        switch value {
        case .int32(let v): unsafeBitCast(handler, to: Int32Handler.self)(object, v, userData)
        case .int64(let v): unsafeBitCast(handler, to: Int64Handler.self)(object, v, userData)
        case .pointer(let v): unsafeBitCast(handler, to: PointerHandler.self)(object, v, userData)
        case .changes(let p, let n): unsafeBitCast(handler, to: ChangesHandler.self)(object, p, n, userData)
        case .int32AndObject(let a, let s): unsafeBitCast(handler, to: Int32AndObjectHandler.self)(object, a, s, userData)
        }
    }

    /// Stores the arguments in the description's prepared slots and calls through libffi.
    /// No closures and no allocation on this path.
    private func callThroughFFI(_ description: FFICallDescription, object: OpaquePointer?, _ value: SignalValue, swapped: Bool) {
        var index = 0
        if swapped {
            description.set(index, userData)
            index += 1
        }
        switch value {
        case .int32(let v):
            description.set(index, v)
            index += 1
        case .int64(let v):
            description.set(index, v)
            index += 1
        case .pointer(let v):
            description.set(index, v)
            index += 1
        case .changes(let p, let n):
            description.set(index, p)
            description.set(index + 1, UInt64(n))
            index += 2
        case .int32AndObject(let a, let s):
            description.set(index, a)
            description.set(index + 1, s)
            index += 2
        }
        if swapped { description.set(index, object) } else { description.set(index, userData) }
        precondition(index + 1 == description.argumentCount, "signal layout mismatch")
        description.call(handler)
    }
}

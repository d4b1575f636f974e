import CLibFFI
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

    let id: UInt64
    let signalIndex: Int
    private let handler: mvvm_callback
    private let userData: UnsafeMutableRawPointer?
    private let destroy: mvvm_destroy_notify?
    private let layout: Layout
    private(set) var isConnected = true
    private var runningCalls = 0
    private var destroyPending = false

    init(
        id: UInt64, signalIndex: Int, handler: mvvm_callback, userData: UnsafeMutableRawPointer?,
        destroy: mvvm_destroy_notify?, layout: Layout
    ) {
        self.id = id
        self.signalIndex = signalIndex
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
    private typealias StringHandler = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
    private typealias UserHandler = @convention(c) (OpaquePointer?, UnsafePointer<mvvm_user>?, UnsafeMutableRawPointer?) -> Void
    private typealias ChangesHandler = @convention(c) (OpaquePointer?, UnsafePointer<mvvm_list_change>?, Int, UnsafeMutableRawPointer?) -> Void
    private typealias NavigateHandler = @convention(c) (OpaquePointer?, Int32, OpaquePointer?, UnsafeMutableRawPointer?) -> Void

    @inline(__always)
    private func callDirect(object: OpaquePointer, _ value: SignalValue) {
        switch value {
        case .int32(let v): unsafeBitCast(handler, to: Int32Handler.self)(object, v, userData)
        case .int64(let v): unsafeBitCast(handler, to: Int64Handler.self)(object, v, userData)
        case .string(let v): unsafeBitCast(handler, to: StringHandler.self)(object, v, userData)
        case .user(let v): unsafeBitCast(handler, to: UserHandler.self)(object, v, userData)
        case .changes(let p, let n): unsafeBitCast(handler, to: ChangesHandler.self)(object, p, n, userData)
        case .navigate(let a, let s): unsafeBitCast(handler, to: NavigateHandler.self)(object, a, s, userData)
        }
    }

    /// Lays the arguments out in 8-byte slots (each at least as large as any argument type
    /// here) and hands libffi one pointer per slot.
    private func callThroughFFI(_ description: FFICallDescription, object: OpaquePointer?, _ value: SignalValue, swapped: Bool) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 6) { slots in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 6) { pointers in
                var count = 0
                func append<T>(_ argument: T) {
                    let slot = UnsafeMutableRawPointer(slots.baseAddress! + count)
                    slot.storeBytes(of: argument, as: T.self)
                    pointers[count] = slot
                    count += 1
                }
                if swapped { append(userData) }
                switch value {
                case .int32(let v): append(v)
                case .int64(let v): append(v)
                case .string(let v): append(v)
                case .user(let v): append(v)
                case .changes(let p, let n): append(p); append(UInt64(n))
                case .navigate(let a, let s): append(a); append(s)
                }
                if swapped { append(object) } else { append(userData) }
                precondition(count == description.argumentCount, "signal layout mismatch")
                description.call(handler, pointers.baseAddress!)
            }
        }
    }
}

import CFFI
import CMVVM

@MainActor @c public func mvvm_signal_connect(
    _ object: OpaquePointer?, _ signal: UnsafePointer<CChar>?, _ handler: mvvm_callback?,
    _ userData: UnsafeMutableRawPointer?, _ destroy: mvvm_destroy_notify?, _ outID: UnsafeMutablePointer<UInt64>?
) -> mvvm_status {
    mvvm_signal_connect_flags(object, signal, handler, userData, destroy, UInt32(MVVM_CONNECT_DEFAULT.rawValue), outID)
}

@MainActor @c public func mvvm_signal_connect_flags(
    _ object: OpaquePointer?, _ signal: UnsafePointer<CChar>?, _ handler: mvvm_callback?,
    _ userData: UnsafeMutableRawPointer?, _ destroy: mvvm_destroy_notify?, _ flags: UInt32,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let target = try runtime.object(object)
        let name = try string(from: signal, "signal")
        if Journal.isOn {
            JournalCalls.operation("connect", object: object)
            JournalCalls.field("signal", json: JournalJSON.quoted(name))
            JournalCalls.field("flags", json: "\(flags)")
        }
        guard let handler else { throw .nullPointer("handler") }
        guard let index = target.signalIndex(named: name) else {
            let known = target.signals.map(\.name).joined(separator: ", ")
            throw APIError(
                MVVM_E_UNKNOWN_NAME,
                "A \(TypeCatalog.name(of: target.type)) has no signal \"\(name)\"; \(known.isEmpty ? "it has no signals" : "it has: " + known + ".")")
        }
        let layout = try Connection.layout(flags: flags, shape: target.signals[index].shape)
        let id = runtime.connect(target, signal: index, handler: handler, userData: userData, destroy: destroy, layout: layout)
        if Journal.isOn { JournalCalls.out(id: id) }
        outID?.pointee = id
    }
}

@MainActor @c public func mvvm_signal_disconnect(_ id: UInt64) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        if Journal.isOn {
            JournalCalls.operation("disconnect")
            JournalCalls.field("connection", json: "\(id)")
        }
        try runtime.disconnect(id)
    }
}

extension Connection {
    /// The layout for connect flags, with its libffi description prepared now, once.
    static func layout(flags: UInt32, shape: SignalShape) throws(APIError) -> Layout {
        let pointer = cffi_type_pointer()!
        switch flags {
        case UInt32(MVVM_CONNECT_DEFAULT.rawValue):
            return .direct
        case UInt32(MVVM_CONNECT_SWAPPED.rawValue):
            return .swapped(
                try FFICallDescription(argumentTypes: [pointer] + shape.ffiArgumentTypes + [pointer], for: "the swapped call description"))
        case UInt32(MVVM_CONNECT_NO_OBJECT.rawValue):
            return .noObject(try FFICallDescription(argumentTypes: shape.ffiArgumentTypes + [pointer], for: "the call description"))
        default:
            throw .invalidArgument("flags \(flags) is not one of MVVM_CONNECT_DEFAULT, MVVM_CONNECT_SWAPPED, MVVM_CONNECT_NO_OBJECT.")
        }
    }
}

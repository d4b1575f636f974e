import CMVVM

/// The journal's lines for what is not a host's API call: signals delivered to handlers,
/// requests to host tables and their answers and cancels, dispatches, wake-ups, command
/// closures fired, the runtime's start and end.
package enum JournalEvents {
    /// Connection ids by connection, for signal lines (kept while the journal is on).
    @MainActor private static var connectionIDs: [ObjectIdentifier: UInt64] = [:]

    @MainActor static func connected(_ connection: Connection, id: UInt64) { connectionIDs[ObjectIdentifier(connection)] = id }
    @MainActor static func disconnected(_ connection: Connection) { connectionIDs[ObjectIdentifier(connection)] = nil }

    /// Signal `index` of `object` is about to reach `connection`'s handler with `value`.
    @MainActor static func signal(_ object: RuntimeObject, _ index: Int, _ value: SignalValue, _ connection: Connection) {
        let spec = object.signals[index]
        var line = JournalLine("signal")
        line.field("object") { $0.object(object.handle?.pointer) }
        line.field("signal", spec.name)
        line.field("args") { $0.signal(value, spec.shape) }
        if let id = connectionIDs[ObjectIdentifier(connection)] { line.field("connection", id) }
        Journal.current?.append(line)
    }

    /// Writes `line`, or on the host thread inside an API call, keeps it until that call's own
    /// line is written (`JournalCalls.end`): a call's line comes before what happened inside it.
    static func write(_ line: JournalLine) {
        guard HostThread.isCurrent else {
            Journal.current?.append(line)
            return
        }
        HostThread.assumeCurrent(line) { JournalCalls.writeAfterCall($0) }
    }

    /// A read of the main actor's clock (`MainQueue.now`), the time since the journal started.
    static func clock(_ now: UInt64) {
        // The host thread's reads only: their order is the program's, which replay repeats.
        guard HostThread.isCurrent, let journal = Journal.current else { return }
        var line = JournalLine("clock")
        line.field("now", now &- journal.startTime)
        write(line)
    }

    /// A read of the wall clock (`MainQueue.wallTime`), in seconds since 1970.
    static func wall(_ seconds: Double) {
        guard HostThread.isCurrent else { return }
        var line = JournalLine("clock")
        line.field("wall") { $0.number(seconds) }
        write(line)
    }

    /// A main-queue timer's block runs now (on the host thread, inside a dispatch).
    static func timer() { write(JournalLine("timer")) }

    /// The library calls `method` of the host's `interface` table with `request`.
    static func request(_ interface: HostInterfaceDeclaration, _ method: String, _ request: OpaquePointer, _ arguments: [Value]) {
        var line = JournalLine("request")
        line.field("request") { $0.request(request) }
        line.field("interface", interface.name)
        line.field("method", method)
        line.field("args") { $0.values(arguments) }
        write(line)
    }

    /// The library tells the host's table that `request` is cancelled (its `cancel`).
    static func cancel(_ request: OpaquePointer) {
        var line = JournalLine("cancel")
        line.field("request") { $0.request(request) }
        write(line)
    }

    /// The host answered `request` (any thread), through `function`.
    static func answer(_ function: StaticString, _ request: OpaquePointer?, _ answer: Result<HostAnswer, any Error>, _ status: mvvm_status) {
        var line = JournalLine("answer")
        line.field("fn", JournalCalls.name(function))
        line.field("request") { $0.request(request) }
        switch answer {
        case .success(.nothing): line.field("answer") { $0.raw("null") }
        case .success(.value(let value)): line.field("answer") { $0.value(value) }
        case .success(.list(let values)): line.field("list") { $0.values(values) }
        case .success(.custom(let function, let value)):
            line.field("custom", function)
            line.field("answer", String(describing: value))
        case .failure(let error): line.field("failure", "\(error)")
        }
        line.field("status", String(cString: mvvm_status_name(status)))
        if HostThread.isCurrent, HostThread.assumeCurrentValue({ HostImplementation.callingHost > 0 }) { line.field("inside", true) }
        write(line)
    }

    /// The host's answer to `request`, through `function`, was refused (it changed nothing:
    /// the request stays as it was).
    static func refusedAnswer(_ function: StaticString, _ request: OpaquePointer?, _ error: APIError) {
        var line = JournalLine("answer")
        line.field("fn", JournalCalls.name(function))
        line.field("request") { $0.request(request) }
        line.field("status", String(cString: mvvm_status_name(error.status)))
        line.field("message", error.message)
        write(line)
    }

    /// `function` (mvvm_dispatch, or mvvm_run once its descriptor was readable) runs the main
    /// actor's queue now.
    static func dispatch(_ function: String) {
        var line = JournalLine("dispatch")
        line.field("fn", function)
        Journal.current?.append(line)
    }

    /// `mvvm_wakeup()` (any thread).
    static func wakeup() { Journal.current?.append(JournalLine("wakeup")) }

    /// The host called the command closure `id`'s function pointer.
    static func closure(_ id: UInt64) {
        var line = JournalLine("closure")
        line.field("closure", id)
        Journal.current?.append(line)
    }

    /// The runtime started (`function`: the init) or stopped.
    static func lifecycle(_ event: StaticString, _ function: String) {
        var line = JournalLine(event)
        line.field("fn", function)
        Journal.current?.append(line)
    }

    /// A request handle as the journal writes it.
    static func handle(_ request: OpaquePointer) -> String {
        "{\"request\":\(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(request))))}"
    }

    /// A host table as a constructor got it: its interface, size and which functions are set.
    static func table(_ interface: HostInterfaceDeclaration, _ vtable: UnsafeRawPointer?) -> String {
        guard let vtable else { return "null" }
        let size = vtable.load(as: UInt32.self)
        var slots: [String] = []
        if interface.acceptedSizes.contains(Int(size)) {
            for index in interface.members.indices where interface.offset(ofMember: index) + 8 <= Int(size) {
                slots.append(vtable.load(fromByteOffset: interface.offset(ofMember: index), as: UnsafeRawPointer?.self) == nil ? "false" : "true")
            }
        }
        return "{\"interface\":" + JournalJSON.quoted(interface.name) + ",\"size\":\(size),\"slots\":[" + slots.joined(separator: ",") + "]}"
    }

    /// An options struct as a constructor got it: its bytes in hex (its `struct_size` first),
    /// read no further than the library reads it: a size `options` does not accept is written
    /// alone (the constructor refuses it, reading nothing else).
    static func options(_ options: OptionsStruct, _ pointer: UnsafeRawPointer?) -> String {
        guard let pointer else { return "null" }
        let size = Int(pointer.load(as: UInt32.self))
        guard options.acceptedSizes.contains(size) else { return "{\"struct_size\":\(size)}" }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: size)
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(size * 2)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 15)])
        }
        return "{\"options\":\"" + String(decoding: hex, as: UTF8.self) + "\"}"
    }
}

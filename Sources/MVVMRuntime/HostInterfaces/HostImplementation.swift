import CFFI
import CMVVM

/// A host's implementation of a `HostInterfaceDeclaration`: a copy of its function table, its
/// user data and destroy notifier. The application's adapter class holds one and implements
/// its protocol with `call(_:_:)`; ViewModels keep the adapter, and so this, alive, and every
/// pending request holds it too, so the destroy notifier runs only after the last request
/// ended (its `cancel` first). `destroy(user_data)` runs once, on the host thread: when the
/// last owner lets go, or at `mvvm_shutdown()`, whichever comes first.
@MainActor
public final class HostImplementation: HostRequestIssuer {
    public let interface: HostInterfaceDeclaration
    /// Per member, the host's function (nil: an optional one left NULL) and, for methods, its
    /// libffi call description, prepared once.
    private let functions: [mvvm_callback?]
    private let calls: [FFICallDescription?]
    private let lifetime: HostLifetime
    private let cancelIndex: Int?

    /// Copies and checks the host's table (`vtable`, of `interface.cType`): `struct_size` must
    /// be sizeof the struct, or the size of one of its earlier versions, and every member but
    /// the optional ones set. The destroy notifier is kept in `lifetime`.
    convenience init(
        _ interface: HostInterfaceDeclaration, vtable: UnsafeRawPointer?, userData: UnsafeMutableRawPointer?,
        destroy: mvvm_destroy_notify?
    ) throws(APIError) {
        let lifetime = HostLifetime(userData: userData, destroy: destroy)
        do throws(APIError) {
            try self.init(interface, vtable: vtable, parameter: "vtable", lifetime: lifetime)
        } catch {
            lifetime.abandon()  // refused: the host still owns user_data
            throw error
        }
    }

    /// The same for one of several tables a constructor takes that share a user data and
    /// destroy notifier (`lifetime`): the notifier runs once the last of them is gone.
    /// `parameter` names the table in messages ("users->struct_size is 4, expected ...").
    /// When any of them fails, call `lifetime.abandon()`: the host still owns user_data.
    public init(_ interface: HostInterfaceDeclaration, vtable: UnsafeRawPointer?, parameter: String, lifetime: HostLifetime) throws(APIError) {
        guard let vtable else { throw .nullPointer(parameter) }
        // Read the size alone first: a table of another size may be shorter than ours.
        let size = vtable.load(as: UInt32.self)
        guard let version = interface.acceptedSizes.firstIndex(of: Int(size)) else {
            let earlier = interface.earlierMemberCounts.map { String(interface.size(ofMembers: $0)) }
            let alternatives = earlier.isEmpty ? "" : " (or an earlier version's: \(earlier.joined(separator: ", ")))"
            throw .invalidArgument(
                "\(parameter)->struct_size is \(size), expected sizeof(\(interface.cType)) = \(interface.size)\(alternatives).")
        }
        let present = version == 0 ? interface.members.count : interface.earlierMemberCounts.reversed()[version - 1]
        var functions: [mvvm_callback?] = []
        var missing: [String] = []
        for (index, member) in interface.members.enumerated() {
            // Members after the end of an earlier version's table are not read: NULL.
            let function = index < present ? vtable.load(fromByteOffset: interface.offset(ofMember: index), as: mvvm_callback?.self) : nil
            if function == nil && !member.isOptional { missing.append(member.name) }
            functions.append(function)
        }
        guard missing.isEmpty else {
            let optional = interface.members.filter(\.isOptional).map(\.name)
            throw .invalidArgument(
                "\(parameter)->\(missing.joined(separator: ", \(parameter)->")) must not be NULL (\(optional.isEmpty ? "every function is required" : "optional: " + optional.joined(separator: ", ")))."
            )
        }
        // The table is valid: its methods' call descriptions (libffi is opened by the first).
        var calls: [FFICallDescription?] = []
        for (member, function) in zip(interface.members, functions) {
            if member.isCancel || function == nil {
                calls.append(nil)
            } else {
                let pointer: UnsafeMutablePointer<ffi_type> = cffi_type_pointer()
                let types = [pointer, pointer] + member.arguments.map { Self.ffiType($0.kind) }
                calls.append(try FFICallDescription(argumentTypes: types, for: "a call of \(interface.cType).\(member.name)"))
            }
        }
        self.interface = interface
        self.functions = functions
        self.calls = calls
        self.lifetime = lifetime
        self.cancelIndex = interface.members.firstIndex(where: \.isCancel)
    }

    private static func ffiType(_ kind: ValueKind) -> UnsafeMutablePointer<ffi_type> {
        switch kind {
        case .bool, .int32: cffi_type_sint32()
        case .int64: cffi_type_sint64()
        case .double: cffi_type_double()
        default: cffi_type_pointer()  // strings and records: lent pointers
        }
    }

    // MARK: - Calls

    /// Calls the host's `method` with `arguments` (of the declared kinds, in order) and waits
    /// for its answer, which has the method's declared shape. Runs on the host thread: the
    /// host's function is called here, and the answer (from any thread) resumes this task on
    /// the main actor. Cancelling the task ends the request: the host's `cancel` is told.
    /// Throws `HostFailure` (the host's `mvvm_request_fail()` message, or the runtime's when
    /// the implementation was shut down or lacks an optional method) or `CancellationError`.
    public func call(_ method: String, _ arguments: [Value] = []) async throws -> HostAnswer {
        guard let index = interface.memberIndex(named: method), let expected = interface.members[index].answer else {
            preconditionFailure("\(interface.name) has no method \(method)")
        }
        let member = interface.members[index]
        precondition(Self.kinds(of: arguments, match: member.arguments), "\(interface.name).\(method) takes \(member.arguments.map(\.kind))")
        try Task.checkCancellation()
        guard !lifetime.isClosed else {
            throw HostFailure(message: "The host's \(interface.name) was shut down: mvvm_shutdown() ended it.")
        }
        guard let function = functions[index], let description = calls[index] else {
            throw HostFailure(message: "The host's \(interface.name) has no \(method): its \(interface.cType) leaves it NULL.")
        }
        let table = HostRequestTable.shared
        let request = table.register(expected, issuer: self)
        if Journal.isOn { JournalEvents.request(interface, method, request.pointer, arguments) }
        if LeakReport.isTracking { LeakReport.made(.request(request), "\(interface.name).\(method)") }
        description.set(0, lifetime.userData)
        description.set(1, request.pointer)
        Self.callingHost += 1
        Self.lend(arguments, from: 0, into: description) { description.call(function) }
        Self.callingHost -= 1
        return try await withTaskCancellationHandler {
            // Unsafe, not checked: the table resumes each continuation exactly once.
            try await withUnsafeThrowingContinuation { continuation in table.attach(request, continuation) }
        } onCancel: {
            table.cancel(request)
        }
    }

    /// Whether `arguments` have the declared arguments' kinds, in order. A loop, not two mapped
    /// arrays compared: it runs on every call, in release builds too.
    private static func kinds(of arguments: [Value], match declared: [HostInterfaceDeclaration.Argument]) -> Bool {
        guard arguments.count == declared.count else { return false }
        for index in arguments.indices where arguments[index].kind != declared[index].kind { return false }
        return true
    }

    /// Stores `arguments[position...]` in the call's slots after user_data and the request,
    /// strings and records lent until `body` returns.
    private static func lend(_ arguments: [Value], from position: Int, into call: FFICallDescription, _ body: () -> Void) {
        guard position < arguments.count else { return body() }
        let slot = position + 2
        switch arguments[position] {
        case .bool(let flag): call.set(slot, Int32(flag ? 1 : 0))
        case .int32(let value): call.set(slot, value)
        case .int64(let value): call.set(slot, value)
        case .double(let value): call.set(slot, value)
        case .string(let string):
            return string.withCString { pointer in
                call.set(slot, UnsafeRawPointer(pointer))
                lend(arguments, from: position + 1, into: call, body)
            }
        case .record(let record):
            return record.withSignalPointer { pointer in
                call.set(slot, pointer)
                lend(arguments, from: position + 1, into: call, body)
            }
        case let other:
            preconditionFailure("a host method takes no \(other.kind.cName)")
        }
        lend(arguments, from: position + 1, into: call, body)
    }

    /// How deep the host thread is inside a host's table function (an answer given there is
    /// given inside the request, which the journal marks for replay).
    static var callingHost = 0

    private typealias CancelFunction = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void

    /// The host's `cancel` for `request`, from the request table (host thread).
    public func notifyCancelled(_ request: OpaquePointer, expected: HostAnswerShape) {
        guard !lifetime.isClosed, let cancelIndex, let cancel = functions[cancelIndex] else { return }
        if Journal.isOn { JournalEvents.cancel(request) }
        if let handle = Handle(request) { LeakReport.ended(.request(handle)) }
        unsafeBitCast(cancel, to: CancelFunction.self)(lifetime.userData, request)
    }

    // MARK: - End

    /// Forgets the host's table without calling anything (its constructor failed: the host
    /// still owns user_data).
    func abandon() {
        lifetime.abandon()
    }
}

extension HostAnswer {
    /// The records of a `.list` answer of `R` items (the request table checked the shape).
    public func records<R: RecordValue>(_ type: R.Type) -> [R] {
        guard case .list(let values) = self else { preconditionFailure("not a list answer: \(self)") }
        return values.map { value in
            guard case .record(let record) = value, let typed = exactCast(record, to: R.self) else { preconditionFailure("not a \(R.self)") }
            return typed
        }
    }

    /// The record of a `.value` answer of an `R`.
    public func record<R: RecordValue>(_ type: R.Type) -> R {
        guard case .value(.record(let record)) = self, let typed = exactCast(record, to: R.self) else {
            preconditionFailure("not a \(R.self) answer: \(self)")
        }
        return typed
    }

    /// The value of a `.value` answer.
    public var value: Value {
        guard case .value(let value) = self else { preconditionFailure("not a value answer: \(self)") }
        return value
    }
}

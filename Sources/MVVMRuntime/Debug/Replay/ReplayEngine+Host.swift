import CFFI
import CMVVM
import Glibc

extension ReplayEngine {
    // MARK: - Constructors over host tables

    /// A named constructor's call: its inputs as recorded, its tables this replay's.
    func construct(_ json: JSON) throws(ReplayValues.Unreadable) -> (mvvm_status, JSON?) {
        let typeName = json["type"]?.string ?? ""
        let name = json["constructor"]?.string ?? ""
        guard let declaration = TypeRegistry.shared.declaration(named: typeName), let constructor = declaration.constructor(named: name) else {
            throw ReplayValues.Unreadable(message: "this library has no constructor \(name) of \(typeName)")
        }
        let recorded = json["inputs"]?.array ?? []
        guard recorded.count == constructor.parameters.count else {
            throw ReplayValues.Unreadable(message: "\(recorded.count) inputs recorded where \(name) takes \(constructor.parameters.count)")
        }
        var strings: [UnsafeMutablePointer<CChar>] = []
        var buffers: [UnsafeMutableRawPointer] = []
        defer {
            for string in strings { free(string) }
            for buffer in buffers { buffer.deallocate() }
        }
        var inputs: [ConstructorInput] = []
        for (parameter, input) in zip(constructor.parameters, recorded) {
            switch parameter.kind {
            case .string, .nullableString:
                if let text = input.string, let copy = strdup(text) {
                    strings.append(copy)
                    inputs.append(.string(UnsafePointer(copy)))
                } else {
                    inputs.append(.string(nil))
                }
            case .options(let options):
                // The struct as large as this library reads one, whatever the journal says.
                var bytes: [UInt8]
                if let hex = input["options"]?.string {
                    bytes = try Self.bytes(hex)
                } else if let size = input["struct_size"]?.uint64 {
                    bytes = withUnsafeBytes(of: UInt32(truncatingIfNeeded: size).littleEndian, Array.init)
                } else {
                    inputs.append(.options(nil))
                    continue
                }
                let count = max(bytes.count, options.value.size, 8)
                bytes += [UInt8](repeating: 0, count: count - bytes.count)
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 8)
                buffer.copyMemory(from: bytes, byteCount: count)
                buffers.append(buffer)
                inputs.append(.options(UnsafeRawPointer(buffer)))
            case .hostTable(let interface, _):
                inputs.append(.table(input == .null ? nil : UnsafeRawPointer(try table(interface.value, input))))
            case .userData:
                inputs.append(.userData(nil))
            case .destroyNotify:
                inputs.append(.destroy(nil))
            }
        }
        var out: OpaquePointer?
        let status = TypedCall.construct(typeName, name, inputs, &out, "out")
        return (status, JSON.parse(Substring(JournalJSON.object(out))))
    }

    /// `mvvm_object_new_host()` (or a type's typed `_new_host`) over a table of this replay's.
    func makeOverHost(_ json: JSON) throws(ReplayValues.Unreadable) -> (mvvm_status, JSON?) {
        guard let name = json["type"]?.string, let declaration = TypeRegistry.shared.declaration(named: name),
            let interface = declaration.hostInterface
        else { throw ReplayValues.Unreadable(message: "this library has no host-made type \(json["type"]?.text ?? "?")") }
        let vtable = json["table"].flatMap { $0 == .null ? nil : $0 }
        var out: OpaquePointer?
        let pointer = try vtable.map { table throws(ReplayValues.Unreadable) in UnsafeRawPointer(try self.table(interface, table)) }
        let status = mvvm_object_new_host(declaration.type, pointer, nil, nil, &out)
        return (status, JSON.parse(Substring(JournalJSON.object(out))))
    }

    /// The bytes the hex digits `hex` spell (lower case, as the journal writes them).
    private static func bytes(_ hex: String) throws(ReplayValues.Unreadable) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex.utf8 {
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            default: throw ReplayValues.Unreadable(message: "an options struct's bytes are not hex digits: \"\(hex.prefix(80))\"")
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }

    /// A table of `interface` as the journal describes the host's (its size and which
    /// functions it set), each function this replay's: a method matches the library's
    /// request with the journal and answers it as the host did; `cancel` matches the cancel.
    private func table(_ interface: HostInterfaceDeclaration, _ json: JSON) throws(ReplayValues.Unreadable) -> UnsafeMutableRawPointer {
        // The recorded size goes in `struct_size`; the buffer is this library's table size (it
        // reads a size it does not accept no further than that field).
        let size = UInt32(truncatingIfNeeded: json["size"]?.int64 ?? Int64(interface.size))
        let slots = json["slots"]?.array ?? []
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(interface.size, 8), alignment: 8)
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: max(interface.size, 8))
        tableBuffers.append(buffer)
        buffer.storeBytes(of: size, as: UInt32.self)
        let pointer = cffi_type_pointer()!
        for (index, member) in interface.members.enumerated() where index < slots.count && slots[index] == .bool(true) {
            let closure: ReplayClosure?
            if member.isCancel {
                closure = ReplayClosure(argumentTypes: [pointer, pointer]) { [unowned self] arguments in
                    self.cancelled(arguments[1].load(as: OpaquePointer?.self))
                }
            } else {
                let kinds = member.arguments.map(\.kind)
                closure = ReplayClosure(argumentTypes: [pointer, pointer] + kinds.map(Self.ffiType)) { [unowned self] arguments in
                    let request = arguments[1].load(as: OpaquePointer?.self)
                    let values = zip(kinds, arguments.dropFirst(2)).map { Self.json(of: $1, $0) }
                    self.requested(interface, member, request, "[" + values.joined(separator: ",") + "]")
                }
            }
            guard let closure else {
                throw ReplayValues.Unreadable(
                    message: LibFFI.loadFailure.map { "replaying a \(interface.cType) needs libffi, and \($0)" }
                        ?? "libffi could not make a closure for \(interface.cType)")
            }
            keptAlive.append(closure)
            buffer.storeBytes(of: closure.function, toByteOffset: interface.offset(ofMember: index), as: UnsafeMutableRawPointer.self)
        }
        return buffer
    }

    private static func ffiType(_ kind: ValueKind) -> UnsafeMutablePointer<ffi_type> {
        switch kind {
        case .bool, .int32: cffi_type_sint32()
        case .int64: cffi_type_sint64()
        case .double: cffi_type_double()
        default: cffi_type_pointer()
        }
    }

    /// An argument of a host method as the journal writes it.
    private static func json(of slot: UnsafeMutableRawPointer, _ kind: ValueKind) -> String {
        switch kind {
        case .bool: return slot.load(as: Int32.self) != 0 ? "true" : "false"
        case .int32: return "\(slot.load(as: Int32.self))"
        case .int64: return "\(slot.load(as: Int64.self))"
        case .double: return JournalJSON.value(.double(slot.load(as: Double.self)))
        case .string:
            guard let text = slot.load(as: UnsafePointer<CChar>?.self) else { return "null" }
            return JournalJSON.string(String(cString: text))
        default:
            guard let record = kind.record, let base = slot.load(as: UnsafeRawPointer?.self) else { return "null" }
            return JournalJSON.record(at: base, record)
        }
    }

    // MARK: - Requests, answers and cancels

    /// The library called `member` of a host table with `request`: matched with the next
    /// request the journal recorded, whose answer, if the host gave it inside that call, is
    /// given here too.
    private func requested(
        _ interface: HostInterfaceDeclaration, _ member: HostInterfaceDeclaration.Member, _ request: OpaquePointer?, _ arguments: String
    ) {
        guard let request, divergence == nil, unreadable == nil else { return }
        counts.requests += 1
        requestShapes[UInt(bitPattern: request)] = member.answer
        let actual =
            "{\"interface\":" + JournalJSON.quoted(interface.name) + ",\"method\":" + JournalJSON.quoted(member.name) + ",\"args\":" + arguments + "}"
        guard let index = nextUnused(["request"], from: cursor) else {
            return diverge(journal.entries[max(cursor - 1, 0)].position, "a request the journal does not have was made", "no request", actual)
        }
        let entry = journal.entries[index]
        guard entry.json["interface"]?.string == interface.name, entry.json["method"]?.string == member.name,
            let replayed = JSON.parse(Substring(arguments)), matches(entry.json["args"] ?? .null, replayed)
        else {
            return diverge(entry.position, "another request was made", entry.json.text, actual)
        }
        journal.entries[index].used = true
        if let bits = entry.json["request"]?["request"]?.uint64 { requests[bits] = request }
        // Answered inside the host's function (`"inside":true`): the answer line follows the
        // request's at once, and is given here, inside again.
        var next = index + 1
        while next < journal.entries.count, !journal.entries[next].used, journal.entries[next].event == "answer",
            journal.entries[next].json["inside"] == .bool(true),
            journal.entries[next].json["request"]?["request"]?.uint64 == entry.json["request"]?["request"]?.uint64
        {
            journal.entries[next].used = true
            replayAnswer(journal.entries[next])
            next += 1
        }
    }

    /// The library cancelled `request`: matched with the next cancel the journal recorded.
    private func cancelled(_ request: OpaquePointer?) {
        guard let request, divergence == nil, unreadable == nil else { return }
        guard let index = nextUnused(["cancel"], from: cursor) else {
            return diverge(journal.entries[max(cursor - 1, 0)].position, "a cancel the journal does not have", "no cancel", "\(request)")
        }
        let entry = journal.entries[index]
        guard let bits = entry.json["request"]?["request"]?.uint64, requests[bits] == request else {
            return diverge(entry.position, "another request was cancelled", entry.json.text, "\(request)")
        }
        journal.entries[index].used = true
    }

    /// Gives the host's recorded answer again and compares its status.
    ///
    /// An answer the library refused changed nothing (the journal has its message, not its
    /// value): it is not given again.
    func replayAnswer(_ entry: ReplayJournal.Entry) {
        guard divergence == nil, unreadable == nil else { return }
        let recordedStatus = entry.json["status"]?.string ?? "MVVM_OK"
        guard recordedStatus == "MVVM_OK" else { return }
        let bits = entry.json["request"]?["request"]?.uint64
        let request = bits.flatMap { requests[$0] } ?? Self.unknownHandle
        if let function = entry.json["custom"]?.string {
            unreadable = "line \(entry.position): an answer by \(function), an application's own resolve function, cannot be replayed"
            return
        }
        let shape = requestShapes[UInt(bitPattern: request)]
        let answer: Result<HostAnswer, any Error>
        do throws(ReplayValues.Unreadable) {
            if let message = entry.json["failure"]?.string {
                answer = .failure(HostFailure(message: message))
            } else if let items = entry.json["list"] {
                guard case .list(let kind)? = shape, let array = items.array else {
                    if recordedStatus != "MVVM_OK" { return }
                    throw ReplayValues.Unreadable(message: "a list answer to a request that expects \(shape.map { "\($0)" } ?? "nothing known")")
                }
                var values: [Value] = []
                for item in array { values.append(try ReplayValues.value(item, kind) { self.objects[$0] }) }
                answer = .success(.list(values))
            } else if let value = entry.json["answer"], value != .null {
                guard case .value(let kind)? = shape else {
                    if recordedStatus != "MVVM_OK" { return }
                    throw ReplayValues.Unreadable(message: "a value answer to a request that expects \(shape.map { "\($0)" } ?? "nothing known")")
                }
                answer = .success(.value(try ReplayValues.value(value, kind) { self.objects[$0] }))
            } else {
                answer = .success(.nothing)
            }
        } catch {
            unreadable = "line \(entry.position): \(error.message)"
            return
        }
        var status = MVVM_OK
        do throws(APIError) {
            try HostRequestTable.shared.answer(request, with: answer)
        } catch {
            status = error.status
        }
        let actual = String(cString: mvvm_status_name(status))
        if actual != recordedStatus {
            diverge(entry.position, "the host's answer got another status", recordedStatus, actual)
        }
    }
}

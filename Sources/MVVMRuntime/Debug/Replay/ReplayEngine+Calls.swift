import CMVVM

extension ReplayEngine {
    /// Makes the host's call of `entry` again (its operation), and compares its status and
    /// what it handed back. A call without an operation (introspection, the descriptor) is
    /// not made again.
    ///
    /// A call refused for a NULL pointer alone (`"refused":"pointer"`) changed nothing, and the
    /// generic entry points replay goes through take no such pointer: it is not made again.
    func replayCall(_ entry: ReplayJournal.Entry) {
        guard let op = entry.json["op"]?.string, entry.json["refused"]?.string != "pointer" else { return }
        counts.calls += 1
        do throws(ReplayValues.Unreadable) {
            let (status, out) = try perform(op, entry.json)
            compare(entry, status: status, out: out)
        } catch {
            unreadable = "line \(entry.position): \(error.message)"
        }
    }

    private func compare(_ entry: ReplayJournal.Entry, status: mvvm_status, out: JSON?) {
        let recorded = entry.json["status"]?.string ?? "MVVM_OK"
        let actual = String(cString: mvvm_status_name(status))
        guard recorded == actual else {
            let message = status == MVVM_OK ? "" : ": " + String(cString: mvvm_last_error_message())
            return diverge(
                entry.position, "\(entry.json["fn"]?.string ?? "the call") answered another status", recorded, actual + message)
        }
        guard status == MVVM_OK, let recordedOut = entry.json["out"], let out else { return }
        if !matches(recordedOut, out) {
            diverge(entry.position, "\(entry.json["fn"]?.string ?? "the call") handed back another value", recordedOut.text, out.text)
        }
    }

    /// The call's status and, when it hands something back, that as the journal writes it.
    private func perform(_ op: String, _ json: JSON) throws(ReplayValues.Unreadable) -> (mvvm_status, JSON?) {
        switch op {
        case "new": return try makeNew(json)
        case "construct": return try construct(json)
        case "new_host": return try makeOverHost(json)
        case "get", "set", "invoke", "count", "item": return try access(op, json)
        case "destroy":
            return (mvvm_object_destroy(live(json["object"]) ?? Self.unknownHandle), nil)
        case "connect": return try connect(json)
        case "disconnect":
            let recorded = json["connection"]?.uint64 ?? 0
            return (mvvm_signal_disconnect(connections[recorded] ?? UInt64.max), nil)
        case "closure_new":
            var function: mvvm_command_fn?
            var id: UInt64 = 0
            let status = mvvm_command_closure_new(
                live(json["object"]) ?? Self.unknownHandle, json["member"]?.string ?? "", &function, &id)
            if status == MVVM_OK, let recorded = json["out"]?.uint64, let function { closures[recorded] = (id, function) }
            // Ids differ between runs: the recorded one stands for this replay's (mapped above).
            return (status, status == MVVM_OK ? json["out"] : nil)
        case "closure_free":
            let recorded = json["closure"]?.uint64 ?? 0
            return (mvvm_command_closure_free(closures[recorded]?.id ?? UInt64.max), nil)
        default:
            throw ReplayValues.Unreadable(message: "the operation \"\(op)\" is not one this library replays")
        }
    }

    /// A handle no object of this replay has: what a recorded call on an unknown or
    /// destroyed object gets (MVVM_E_INVALID_HANDLE, as it got then).
    static let unknownHandle = OpaquePointer(bitPattern: UInt(0xFFFF_FFFF_0000_0001 as UInt64))!

    private func declaration(named name: String?) throws(ReplayValues.Unreadable) -> TypeDeclaration {
        guard let name, let declaration = TypeRegistry.shared.declaration(named: name) else {
            throw ReplayValues.Unreadable(message: "this library has no type \(name ?? "?")")
        }
        return declaration
    }

    private func arguments(_ json: JSON, _ kinds: [ValueKind]) throws(ReplayValues.Unreadable) -> [Value] {
        let items = json["args"]?.array ?? []
        guard items.count == kinds.count else {
            throw ReplayValues.Unreadable(message: "\(items.count) arguments recorded where this library takes \(kinds.count)")
        }
        var values: [Value] = []
        for (item, kind) in zip(items, kinds) {
            values.append(try ReplayValues.value(item, kind) { self.objects[$0] })
        }
        return values
    }

    private func makeNew(_ json: JSON) throws(ReplayValues.Unreadable) -> (mvvm_status, JSON?) {
        let declaration = try self.declaration(named: json["type"]?.string)
        let kinds = declaration.members.first { $0.kind == .constructor }?.arguments.map(\.valueKind) ?? []
        let values = try arguments(json, kinds)
        let passed = ReplayArguments(values)
        var out: OpaquePointer?
        let status = passed.values.withUnsafeBufferPointer { buffer in
            mvvm_object_new(declaration.type, buffer.baseAddress, UInt(buffer.count), &out)
        }
        return (status, JSON.parse(Substring(JournalJSON.object(out))))
    }

    private func access(_ op: String, _ json: JSON) throws(ReplayValues.Unreadable) -> (mvvm_status, JSON?) {
        guard let object = live(json["object"]) else {
            // An object this replay never made: the library refuses it as it did then.
            var value = mvvm_value()
            return (mvvm_object_get(Self.unknownHandle, 0, &value), nil)
        }
        var type = mvvm_type(0)
        _ = mvvm_object_get_type(object, &type)
        guard let declaration = TypeCatalog.declaration(of: type) else { throw ReplayValues.Unreadable(message: "no type \(type)") }
        let name = json["member"]?.string ?? ""
        guard let member = declaration.memberID(named: name) else {
            throw ReplayValues.Unreadable(message: "a \(declaration.name) of this library has no member \"\(name)\"")
        }
        let shape = declaration.members[member]
        var out = mvvm_value()
        let status: mvvm_status
        switch op {
        case "get":
            status = mvvm_object_get(object, UInt32(member), &out)
        case "set":
            let value = try arguments(json, [shape.isNullable && json["args"]?.array?.first == .null ? .none : shape.valueKind])
            let passed = ReplayArguments(value)
            status = passed.values.withUnsafeBufferPointer { mvvm_object_set(object, UInt32(member), $0.baseAddress) }
            return (status, nil)
        case "invoke":
            let values = try arguments(json, shape.arguments.map(\.valueKind))
            let passed = ReplayArguments(values)
            status = passed.values.withUnsafeBufferPointer {
                mvvm_object_invoke(object, UInt32(member), $0.baseAddress, UInt($0.count), &out)
            }
        case "count":
            var count: Int64 = 0
            status = mvvm_object_count(object, UInt32(member), &count)
            return (status, .number("\(count)"))
        default:
            let index = json["args"]?.array?.first?.int64 ?? 0
            status = mvvm_object_get_item(object, UInt32(member), index, &out)
        }
        guard status == MVVM_OK else { return (status, nil) }
        let value = (try? Value(copying: out, "out")) ?? .none
        if op == "invoke" && value == .none { return (status, nil) }
        return (status, JSON.parse(Substring(JournalJSON.value(value))))
    }

    private func connect(_ json: JSON) throws(ReplayValues.Unreadable) -> (mvvm_status, JSON?) {
        let name = json["signal"]?.string ?? ""
        let flags = UInt32(json["flags"]?.int64 ?? 0)
        let recordedID = json["out"]?.uint64
        guard let object = live(json["object"]) else {
            var id: UInt64 = 0
            return (mvvm_signal_connect_flags(Self.unknownHandle, name, {}, nil, nil, flags, &id), nil)
        }
        var type = mvvm_type(0)
        _ = mvvm_object_get_type(object, &type)
        let shape = TypeCatalog.declaration(of: type)?.signals.first { $0.name == name }?.shape
        let handler = shape.flatMap { makeHandler(shape: $0, flags: flags, connection: recordedID ?? 0, signal: name) }
        // Replay's handlers are libffi closures, whatever the layout.
        if shape != nil, handler == nil, let failure = LibFFI.loadFailure {
            throw ReplayValues.Unreadable(message: "replaying a handler of \"\(name)\" needs libffi, and \(failure)")
        }
        var id: UInt64 = 0
        let status = mvvm_signal_connect_flags(
            object, name, handler.map { unsafeBitCast($0.function, to: mvvm_callback.self) } ?? {}, nil, nil, flags, &id)
        if status == MVVM_OK, let recordedID { connections[recordedID] = id }
        return (status, status == MVVM_OK && recordedID != nil ? .number("\(recordedID!)") : nil)
    }

    private func replayClosureCall(_ recorded: UInt64) {
        guard let closure = closures[recorded] else { return }
        closure.function()
    }

    func replayClosure(_ entry: ReplayJournal.Entry) {
        replayClosureCall(entry.json["closure"]?.uint64 ?? 0)
    }
}

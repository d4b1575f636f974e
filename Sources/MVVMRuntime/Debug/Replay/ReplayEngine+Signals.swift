import CFFI
import CMVVM

extension ReplayEngine {
    /// A handler for `shape` in the layout `flags` asks for, which matches each signal it gets
    /// with the journal (`connection`: the recorded connection id). Nil for flags no layout
    /// has: the library refuses the connect then, as it did when it was recorded.
    func makeHandler(shape: SignalShape, flags: UInt32, connection: UInt64, signal: String) -> ReplayClosure? {
        let pointer = cffi_type_pointer()!
        let arguments = shape.ffiArgumentTypes
        let types: [UnsafeMutablePointer<ffi_type>]
        let objectSlot: Int?
        switch flags {
        case UInt32(MVVM_CONNECT_DEFAULT.rawValue):
            types = [pointer] + arguments + [pointer]
            objectSlot = 0
        case UInt32(MVVM_CONNECT_SWAPPED.rawValue):
            types = [pointer] + arguments + [pointer]
            objectSlot = arguments.count + 1
        case UInt32(MVVM_CONNECT_NO_OBJECT.rawValue):
            types = arguments + [pointer]
            objectSlot = nil
        default:
            return nil
        }
        let first = flags == UInt32(MVVM_CONNECT_DEFAULT.rawValue) || flags == UInt32(MVVM_CONNECT_SWAPPED.rawValue) ? 1 : 0
        let handler = ReplayClosure(argumentTypes: types) { [unowned self] slots in
            let object = objectSlot.map { slots[$0].load(as: OpaquePointer?.self) } ?? nil
            let value: SignalValue
            switch shape {
            case .int32: value = .int32(slots[first].load(as: Int32.self))
            case .int64: value = .int64(slots[first].load(as: Int64.self))
            case .string, .record: value = .pointer(slots[first].load(as: UnsafeRawPointer?.self))
            case .changes:
                value = .changes(
                    slots[first].load(as: UnsafePointer<mvvm_list_change>?.self), Int(slots[first + 1].load(as: UInt64.self)))
            case .int32AndObject:
                value = .int32AndObject(slots[first].load(as: Int32.self), slots[first + 1].load(as: OpaquePointer?.self))
            }
            self.received(signal, object: object, JournalJSON.signal(value, shape), connection: connection)
        }
        if let handler { keptAlive.append(handler) }
        return handler
    }

    /// A handler got signal `signal` with `arguments`: it must be the next signal the journal
    /// recorded; then the calls the recorded handler made are made again, from here.
    private func received(_ signal: String, object: OpaquePointer?, _ arguments: String, connection: UInt64) {
        guard divergence == nil, unreadable == nil else { return }
        let actual = "{\"signal\":" + JournalJSON.quoted(signal) + ",\"args\":" + arguments + ",\"connection\":\(connection)}"
        guard let index = nextUnused(["signal"], from: cursor) else {
            return diverge(journal.entries[max(cursor - 1, 0)].position, "a signal the journal does not have was emitted", "no signal", actual)
        }
        let entry = journal.entries[index]
        let recordedArguments = entry.json["args"] ?? .null
        let sameObject = object == nil || entry.json["object"].map { matches($0, JSON.parse(Substring(JournalJSON.object(object))) ?? .null) } ?? true
        guard entry.json["signal"]?.string == signal, entry.json["connection"]?.uint64 ?? connection == connection, sameObject,
            let replayed = JSON.parse(Substring(arguments)), matches(recordedArguments, replayed)
        else {
            return diverge(entry.position, "another signal was emitted", entry.json.text, actual)
        }
        journal.entries[index].used = true
        counts.signals += 1
        replayHandlerCalls(after: index)
    }

    /// The calls a handler made right after the signal at `index`.
    private func replayHandlerCalls(after index: Int) {
        var next = index + 1
        while next < journal.entries.count, divergence == nil, unreadable == nil {
            let entry = journal.entries[next]
            guard !entry.used, entry.event == "call", entry.depth > 0 else { return }
            journal.entries[next].used = true
            replayCall(entry)
            next += 1
        }
    }
}

import CMVVM
import MVVMBindingCore

/// An event waiting for the end of the current call. Holds copies, so it stays valid however
/// the ViewModel changes before delivery.
public enum PendingEvent {
    case changes(Int, [mvvm_list_change])
    case int64(Int, Int64)
    /// A record (a copy of the Swift value; its C form is made at delivery).
    case record(Int, any RecordValue)
    case int32AndObject(Int, Int32, OpaquePointer?)

    var signalIndex: Int {
        switch self {
        case .changes(let index, _), .int64(let index, _), .record(let index, _), .int32AndObject(let index, _, _):
            return index
        }
    }

    /// Calls `body` with the C arguments; pointers are valid only during `body`.
    func withValue(_ body: (SignalValue) -> Void) {
        switch self {
        case .changes(_, let changes):
            changes.withUnsafeBufferPointer { body(.changes($0.baseAddress, $0.count)) }
        case .int64(_, let value):
            body(.int64(value))
        case .record(_, let record):
            record.withSignalPointer { body(.pointer($0)) }
        case .int32AndObject(_, let code, let object):
            body(.int32AndObject(code, object))
        }
    }
}

extension mvvm_list_change {
    /// The C form of a `ListChange`.
    init(_ change: ListChange) {
        switch change {
        case .reset(let count):
            self.init(kind: Int32(MVVM_LIST_RESET.rawValue), start: 0, count: Int64(count))
        case .insert(let range):
            self.init(kind: Int32(MVVM_LIST_INSERT.rawValue), start: Int64(range.lowerBound), count: Int64(range.count))
        case .remove(let range):
            self.init(kind: Int32(MVVM_LIST_REMOVE.rawValue), start: Int64(range.lowerBound), count: Int64(range.count))
        case .update(let range):
            self.init(kind: Int32(MVVM_LIST_UPDATE.rawValue), start: Int64(range.lowerBound), count: Int64(range.count))
        case .move(let from, let to):
            self.init(kind: Int32(MVVM_LIST_MOVE.rawValue), start: Int64(from), count: Int64(to))
        }
    }
}

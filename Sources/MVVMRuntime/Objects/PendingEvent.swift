import CMVVM
import MVVMBindingCore
import MVVMDomain

/// An event waiting for the end of the current call. Holds copies, so it stays valid however
/// the ViewModel changes before delivery.
enum PendingEvent {
    case changes(Int, [mvvm_list_change])
    case int64(Int, Int64)
    case user(Int, id: Int64, name: String, email: String)
    case navigate(Int, action: Int32, screen: OpaquePointer?)

    /// A user-carrying event, holding a copy of the user.
    static func user(_ index: Int, _ user: User) -> PendingEvent {
        .user(index, id: Int64(user.id), name: user.name, email: user.email)
    }

    var signalIndex: Int {
        switch self {
        case .changes(let index, _), .int64(let index, _), .user(let index, _, _, _), .navigate(let index, _, _):
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
        case .user(_, let id, let name, let email):
            name.withCString { namePointer in
                email.withCString { emailPointer in
                    var user = mvvm_user(id: id, name: namePointer, email: emailPointer)
                    withUnsafePointer(to: &user) { body(.user($0)) }
                }
            }
        case .navigate(_, let action, let screen):
            body(.navigate(action, screen))
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

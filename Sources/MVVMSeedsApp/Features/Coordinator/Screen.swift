import Dispatch
import MVVMBindingCore

/// A screen on the coordinator's navigation stack, carrying the ViewModel the host binds its
/// view to. New features add cases (post detail, stopwatch).
///
/// Two screens are equal when they are the same case with the same ViewModel instance.
public enum Screen: Hashable, Sendable {
    /// The paged list of users.
    case userList(UserListViewModel)
    /// One user's editable detail.
    case userDetail(UserDetailViewModel)
    /// Search-as-you-type over users, debounced on the main queue.
    case userSearch(UserSearchViewModel<DispatchQueue>)

    /// The screen's ViewModel, untyped (for identity checks and hosts that store it).
    public var viewModel: AnyObject {
        switch self {
        case .userList(let viewModel): return viewModel
        case .userDetail(let viewModel): return viewModel
        case .userSearch(let viewModel): return viewModel
        }
    }

    /// Whether both are the same case showing the same ViewModel instance.
    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        switch (lhs, rhs) {
        case (.userList(let left), .userList(let right)): return left === right
        case (.userDetail(let left), .userDetail(let right)): return left === right
        case (.userSearch(let left), .userSearch(let right)): return left === right
        default: return false
        }
    }

    /// Hashes the ViewModel's identity, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(viewModel))
    }
}

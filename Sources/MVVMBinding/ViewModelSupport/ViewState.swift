/// The state of data a screen loads asynchronously: one enum instead of separate
/// `isLoading` / `error` / `items` flags, so impossible combinations cannot be expressed.
///
/// A ViewModel typically exposes `@Published private(set) var state: ViewState<[Item]> = .idle`
/// and moves it `idle → loading → loaded / empty / failed`.
public enum ViewState<T> {
    /// Nothing requested yet.
    case idle
    /// A request is in flight.
    case loading
    /// The data arrived.
    case loaded(T)
    /// The request succeeded but there is nothing to show.
    case empty
    /// The request failed; the message is meant for the user.
    case failed(String)

    /// The loaded data, or `nil` in every other state.
    public var value: T? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// Whether a request is in flight.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The failure message, or `nil` unless the state is `failed`.
    public var errorMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }

    /// Transforms the loaded data and keeps every other state as it is.
    public func map<U, E: Error>(_ transform: (T) throws(E) -> U) throws(E) -> ViewState<U> {
        switch self {
        case .idle: return .idle
        case .loading: return .loading
        case .loaded(let value): return .loaded(try transform(value))
        case .empty: return .empty
        case .failed(let message): return .failed(message)
        }
    }
}

extension ViewState: Equatable where T: Equatable {}
extension ViewState: Hashable where T: Hashable {}
extension ViewState: Sendable where T: Sendable {}

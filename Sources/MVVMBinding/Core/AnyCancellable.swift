/// A type-erased cancellable that cancels automatically when it is deinitialised.
///
/// Keep it (for example in a `Set<AnyCancellable>`) for as long as the subscription should live.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    /// What cancelling does. A wrapped cancellable is kept as itself rather than as a closure
    /// over its `cancel`, which would cost an allocation per `sink`.
    private enum Action {
        case closure(() -> Void)
        case cancellable(any Cancellable)
        case done
    }

    private let lock = Lock()
    private var action: Action  // guarded by `lock`; run once, outside it

    /// Creates a cancellable that runs `cancel` once, on `cancel()` or on deinit.
    public init(_ cancel: @escaping () -> Void) {
        action = .closure(cancel)
    }

    /// Wraps `canceller`; cancelling this instance cancels it.
    public init<C: Cancellable>(_ canceller: C) {
        action = .cancellable(canceller)
    }

    deinit { cancel() }

    public func cancel() {
        let run = lock.withLock { () -> Action in
            defer { action = .done }
            return action
        }
        switch run {
        case .closure(let body): body()
        case .cancellable(let canceller): canceller.cancel()
        case .done: break
        }
    }

    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

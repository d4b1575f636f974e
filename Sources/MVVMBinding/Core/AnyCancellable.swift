/// A type-erased cancellable that cancels automatically when it is deinitialised.
///
/// Keep it (for example in a `Set<AnyCancellable>`) for as long as the subscription should live.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = Lock()
    private var action: (() -> Void)?  // guarded by `lock`; run once, outside it

    /// Creates a cancellable that runs `cancel` once, on `cancel()` or on deinit.
    public init(_ cancel: @escaping () -> Void) {
        action = cancel
    }

    /// Wraps `canceller`; cancelling this instance cancels it.
    public init<C: Cancellable>(_ canceller: C) {
        action = canceller.cancel
    }

    deinit { cancel() }

    public func cancel() {
        let run = lock.withLock { () -> (() -> Void)? in
            defer { action = nil }
            return action
        }
        run?()
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

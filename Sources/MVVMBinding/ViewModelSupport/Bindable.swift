/// A value with closure listeners: the lightweight binding for code that does not use
/// publishers (legacy GCD / completion-handler code, simple screens).
///
/// ```swift
/// let title = Bindable("")
/// title.bind { [weak self] in self?.label.text = $0 }   // called at once with ""
/// title.value = "Users"                                   // called again with "Users"
/// ```
///
/// Threading: listeners are called synchronously, on the thread that sets `value`, in the
/// order they were bound; nothing hops to the main thread. `Bindable` is deliberately not
/// `Sendable`: it belongs to one isolation domain (typically the `@MainActor` ViewModel that
/// owns it), which Swift 6 enforces, so listeners may touch that domain's state and no lock is
/// needed. Code finishing work elsewhere must hop back first (`await MainActor.run { ... }`).
///
/// Lifetime: `bind(_:)` returns an ``Observation`` token. The listener stays bound until the
/// token is cancelled, `unbind()` removes every listener, or the `Bindable` is deallocated.
/// Dropping the token does *not* unbind (unlike `AnyCancellable`), so the common one-liner
/// `viewModel.title.bind { ... }` keeps working; store `AnyCancellable(token)` to unbind on
/// deinit instead. Capture `self` weakly in listeners: the `Bindable` keeps them alive.
public final class Bindable<T> {
    /// The current value. Setting it calls every listener with the new value.
    public var value: T {
        didSet { notify(value) }
    }

    private var listeners: [Listener] = []

    /// Creates a bindable holding `value`, with no listeners.
    public init(_ value: T) {
        self.value = value
    }

    /// Calls `listener` now with the current value, then with every new value.
    ///
    /// - Returns: a token that removes this listener when cancelled; discarding it keeps the
    ///   listener bound.
    @discardableResult
    public func bind(_ listener: @escaping (T) -> Void) -> Observation {
        let entry = Listener(listener)
        listeners.append(entry)
        listener(value)
        return Observation(owner: self, entry: entry)
    }

    /// Removes every listener.
    public func unbind() {
        for entry in listeners { entry.callback = nil }
        listeners.removeAll()
    }

    /// The number of bound listeners (useful to check that a screen cleaned up after itself).
    public var listenerCount: Int { listeners.count }

    private func notify(_ newValue: T) {
        // Iterate over a snapshot so listeners may bind or unbind during delivery; one removed
        // by an earlier listener has its callback cleared and is skipped.
        for entry in listeners {
            entry.callback?(newValue)
        }
    }

    fileprivate func remove(_ entry: Listener) {
        entry.callback = nil
        listeners.removeAll { $0 === entry }
    }

    /// A bound listener; a class so a snapshot can see that it was removed meanwhile.
    fileprivate final class Listener {
        var callback: ((T) -> Void)?
        init(_ callback: @escaping (T) -> Void) { self.callback = callback }
    }

    /// Keeps the right to remove one listener from its `Bindable`.
    ///
    /// Cancelling it twice, or after the `Bindable` is gone, does nothing. It holds the
    /// `Bindable` weakly, so a stored token never keeps it alive.
    public final class Observation: Cancellable {
        private weak var owner: Bindable<T>?
        private var entry: Listener?

        fileprivate init(owner: Bindable<T>, entry: Listener) {
            self.owner = owner
            self.entry = entry
        }

        /// Removes the listener.
        public func cancel() {
            if let entry { owner?.remove(entry) }
            entry = nil
            owner = nil
        }
    }
}

import Synchronization

/// A type that publishes a property marked with an attribute.
///
/// Mirrors Combine's `@Published`: reading the property returns its value; assigning it first
/// publishes the new value and only then stores it (willSet semantics), so a subscriber that
/// reads the property while a value is delivered still sees the old value. `$property` is a
/// ``Published/Publisher`` that gives a new subscriber the current value as soon as it
/// demands one, then every later assignment.
///
/// When the enclosing class is an ``ObservableObject`` and something has read its
/// `objectWillChange`, each assignment sends `objectWillChange` first, then the new value to
/// `$property`'s subscribers, then stores it.
///
/// The wrapper keeps its state in a shared reference, so the setter is `nonmutating` and no
/// `_enclosingInstance` subscript is needed: it works in any class, `@MainActor` ones included.
/// Assignments and subscriptions are thread-safe. Two assignments racing from different threads
/// are each delivered, but which one is stored last is not defined — as with any property.
@propertyWrapper
public struct Published<Value> {
    /// Shared by every copy of the wrapper: the value, the subscribers and the owner's
    /// `objectWillChange` publisher.
    @usableFromInline let storage: Storage

    /// Creates the property with an initial value. Written implicitly by `@Published var x = 1`.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    /// Creates the property with an initial value (Combine's older spelling).
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// The property's value. Setting it publishes the new value, then stores it.
    public var wrappedValue: Value {
        @inlinable get { storage.value }
        @inlinable nonmutating set { storage.publishThenStore(newValue) }
    }

    /// The publisher of this property, written `$property`.
    ///
    /// The setter exists so that `$property` can be passed `inout` to
    /// ``MVVMBinding/Publisher/assign(to:)``; assigning another publisher to it changes nothing,
    /// as in Combine: the property keeps publishing through its own publisher.
    public var projectedValue: Publisher {
        get { Publisher(storage) }
        nonmutating set {}  // see above: the property's publisher cannot be replaced
    }
}

// Sendable only when the value is: otherwise sharing the wrapper would let non-Sendable values
// cross threads. Its storage is a lock-guarded reference, so copies are safe to share.
extension Published: Sendable where Value: Sendable {}

extension Published {
    /// The reference every copy of a `Published` shares.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        /// Subscribers and the current value; delivers before storing (`sendThenStore`).
        @usableFromInline let subject: SubjectHub<Value, Never>

        /// The owner's `objectWillChange`, installed once by ``ObservableObject``'s default
        /// implementation and owned (+1) by this storage. An atomic rather than lock-guarded
        /// field, so an assignment costs one inlined load when nobody installed a publisher.
        /// (Not `AtomicLazyReference`: its `load()` is not inlinable and, called from generic
        /// code, spends more than the rest of the wrapper on metadata lookups.)
        @usableFromInline let objectWillChangeReference = Atomic<Unmanaged<ObservableObjectPublisher>?>(nil)

        private let lock = Lock()
        /// Upstream subscriptions made by `assign(to:)`, cancelled when the property goes away.
        private var assignments: [CombineIdentifier: any Subscription] = [:]  // guarded by `lock`

        /// The hub's lock and value slot, exposed so the getter can be inlined in clients.
        @usableFromInline let valueLock: Lock
        @usableFromInline let valueSlot: UnsafeMutablePointer<Value>

        init(_ value: Value) {
            subject = SubjectHub(replaysCurrentValue: true, initialValue: value)
            valueLock = subject.lock
            valueSlot = subject.valueSlot!
        }

        deinit {
            objectWillChangeReference.load(ordering: .acquiring)?.release()
            // Combine ties `assign(to:)` subscriptions to the property's lifetime.
            for subscription in assignments.values { subscription.cancel() }
        }

        /// The current value, read under the hub's lock (the slot lives as long as the hub,
        /// which this storage owns).
        @inlinable
        var value: Value {
            valueLock.lock()
            defer { valueLock.unlock() }
            return valueSlot.pointee
        }

        /// willSet order: the object's change notice, then the new value, then the store.
        /// Inlinable (with the hub's part) so that it is specialised for the property's type.
        @inlinable
        func publishThenStore(_ newValue: Value) {
            if let objectWillChange = objectWillChangeReference.load(ordering: .acquiring) {
                objectWillChange.takeUnretainedValue().send()
            }
            subject.sendThenStore(newValue)
        }

        /// Stores `candidate` as the owner's `objectWillChange` unless one is already stored;
        /// returns the stored one. The first caller wins, so racing first accesses agree.
        func installObjectWillChange(_ candidate: ObservableObjectPublisher) -> ObservableObjectPublisher {
            let retained = Unmanaged.passRetained(candidate)
            let (stored, existing) = objectWillChangeReference.compareExchange(
                expected: nil, desired: retained, ordering: .acquiringAndReleasing)
            if stored { return candidate }
            retained.release()
            // Safe unretained: this storage keeps its +1 on the stored publisher until deinit.
            return existing!.takeUnretainedValue()
        }

        /// Keeps an `assign(to:)` subscription until it completes or the property dies.
        /// Returns `false` if `identifier` already has one (a second `receive(subscription:)`).
        func retainAssignment(_ subscription: any Subscription, for identifier: CombineIdentifier) -> Bool {
            lock.withLock {
                guard assignments[identifier] == nil else { return false }
                assignments[identifier] = subscription
                return true
            }
        }

        /// Forgets a finished `assign(to:)` subscription.
        func releaseAssignment(for identifier: CombineIdentifier) {
            let released = lock.withLock { assignments.removeValue(forKey: identifier) }
            _ = released  // released outside the lock: its deinit may run arbitrary code
        }
    }
}

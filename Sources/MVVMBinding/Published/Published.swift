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
/// The wrapper keeps its state in a shared reference, so the setter is `nonmutating`: it works
/// in any class, `@MainActor` ones included, and in structs. Assignments, reads and
/// subscriptions are thread-safe. Two assignments racing from different threads are each
/// delivered, but which one is stored last is not defined — as with any property.
///
/// Inside a class, the compiler reaches the property through
/// ``subscript(_enclosingInstance:wrapped:storage:)``, as with Combine's: the object is at hand
/// there, and a read uses the storage its wrapper holds without retaining it (see there).
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
    ///
    /// Used where the wrapper is not a class's stored property (a struct's, a local); a class
    /// goes through ``subscript(_enclosingInstance:wrapped:storage:)``.
    public var wrappedValue: Value {
        @inlinable get { storage.value }
        @inlinable nonmutating set { storage.publishThenStore(newValue) }
    }

    /// The property of a class: what `object.property` and `object.property = value` compile to
    /// when the property is declared in a class (Combine's hook; not called directly).
    ///
    /// Reading copies the value under the property's lock and nothing else: no retain and
    /// release of the wrapper's storage, which a read through `wrappedValue` pays (the object's
    /// field is copied out, and the lock's atomic operations keep the optimiser from borrowing
    /// it instead). That is sound because `object` is alive for the whole access (the caller
    /// guarantees it) and keeps its wrapper, and so the storage, for as long as the wrapper
    /// field is not reassigned — which the read, calling nothing, cannot do, and which another
    /// thread could only do in a data race on the object's field. Inlinable, with key paths the
    /// optimiser turns into a direct field access: the read is a handful of instructions in the
    /// ViewModel itself.
    ///
    /// Assigning publishes as `wrappedValue`'s setter does. When nobody subscribed (no
    /// `objectWillChange` installed, no `$property` subscriber: the common case), the value is
    /// stored under the lock through the same unretained storage, which is sound for the same
    /// reason, and the direct observation (see `PublishedObservation`) is run and the replaced
    /// value released only afterwards, outside that access. Otherwise the storage is retained
    /// for the assignment: the subscribers it calls run arbitrary code.
    @inlinable
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        // Always inlined: only inlined do the key paths become a field access.
        @inline(__always) get {
            Unmanaged.passUnretained(object[keyPath: storageKeyPath].storage)._withUnsafeGuaranteedRef { $0.value }
        }
        @inline(__always) set {
            var value = consume newValue
            let unretained = Unmanaged.passUnretained(object[keyPath: storageKeyPath].storage)
            switch unretained._withUnsafeGuaranteedRef({ $0.exchangeUnobserved(&value) }) {
            case .stored(let observation):
                // `value` is now the replaced value, released when this accessor returns.
                observation?.run()
            case .declined:
                object[keyPath: storageKeyPath].storage.publishThenStore(consume value)
            }
        }
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
        /// which this storage owns). Inlinable, so that it is specialised for the property's
        /// type and inlined where the property is read.
        @inlinable
        var value: Value {
            valueLock.lock()
            defer { valueLock.unlock() }
            return valueSlot.pointee
        }

        /// willSet order: the object's change notice, then the new value, then the store.
        /// Inlinable (with the hub's part) so that it is specialised for the property's type.
        /// `newValue` is taken owned: the setter's value is moved into the slot, not copied.
        @inlinable
        func publishThenStore(_ newValue: __owned Value) {
            if let objectWillChange = objectWillChangeReference.load(ordering: .acquiring) {
                // This storage holds +1 on it until deinit, and the caller holds the storage.
                objectWillChange._withUnsafeGuaranteedRef { $0.send() }
            }
            subject.sendThenStore(newValue)
        }

        /// An assignment nobody subscribed to: when no `objectWillChange` is installed, the
        /// subject has no subscriber and at most one direct observation, exchanges `value` with
        /// the stored value under the lock (so `value` comes back holding the replaced one) and
        /// returns the observation to tell; otherwise changes nothing. Calls nothing: the caller
        /// runs the observation and releases the old value (either may run arbitrary code) once
        /// done with this storage.
        @inlinable @inline(__always)
        func exchangeUnobserved(_ value: inout Value) -> UnobservedAssignment {
            guard objectWillChangeReference.load(ordering: .acquiring) == nil else { return .declined }
            return subject.exchangeUnsubscribed(&value)
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

/// What an assignment nobody subscribed to did (see `Published.Storage.exchangeUnobserved(_:)`).
@usableFromInline
enum UnobservedAssignment {
    /// Someone may observe the assignment: nothing was stored.
    case declined
    /// Stored; the one direct observation to tell, if any.
    case stored(PublishedObservation?)
}

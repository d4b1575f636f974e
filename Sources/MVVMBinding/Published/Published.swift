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
    /// `objectWillChange` installed, no `$property` subscriber so far, at most one direct
    /// observation: the common case), the value is
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
                // Declined with the lock still held: the storage is retained (a field load
                // and a retain, no foreign code) and the assignment goes on from there.
                object[keyPath: storageKeyPath].storage.publishThenStoreLocked(consume value)
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
    ///
    /// Costs what is used: the value is kept inline, under a lock kept inline too (one
    /// allocation per property: the value plus 28 bytes, before malloc's rounding). What only
    /// observed properties need — the subscriber engine behind `$property`, the direct
    /// observations, the `assign(to:)` subscriptions, the owner's `objectWillChange` — lives
    /// in ``PublishedExtras``, created by the first of them; dropped when the observations and
    /// assignments are gone and no subscriber or `objectWillChange` ever came.
    @usableFromInline
    final class Storage: PublishedStorageBase, @unchecked Sendable {
        // The fields whose layout does not depend on `Value` first: their offsets are then
        // constants, where a field after `storedValue` is found through the class metadata.
        /// `extras`, owned (+1) by this storage: the paths every assignment takes read it
        /// without reference counting. Guarded by `lock`.
        @usableFromInline @exclusivity(unchecked) var extrasReference: Unmanaged<PublishedExtras>?

        /// Created on first use; guarded by `lock`. A replaced extras object is released under
        /// the lock: only an empty one is ever replaced, and its deinit runs no foreign code.
        var extras: PublishedExtras? {
            get { extrasReference?.takeUnretainedValue() }
            set {
                let old = extrasReference
                extrasReference = newValue.map { Unmanaged.passRetained($0) }
                old?.release()
            }
        }
        /// Guards `storedValue` and `extras`.
        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var storedValue: Value

        init(_ value: Value) {
            storedValue = value
            super.init()
        }

        deinit {
            // Combine ties `assign(to:)` subscriptions to the property's lifetime.
            if let extras {
                for subscription in extras.assignments.values { subscription.cancel() }
            }
            extrasReference?.release()
        }

        /// The current value, read under the lock. Inlinable, so that it is specialised for
        /// the property's type and inlined where the property is read.
        @inlinable
        var value: Value {
            lock.lock()
            defer { lock.unlock() }
            return storedValue
        }

        /// The subscriber engine of `$property`, created by its first subscriber. It replays
        /// the value stored here (it holds this storage weakly: a subscription outliving the
        /// property gets no value when it first demands).
        var subject: SubjectHub<Value, Never> {
            lock.lock()
            if let existing = extras?.subject {
                lock.unlock()
                return unsafeDowncast(existing, to: SubjectHub<Value, Never>.self)
            }
            let created = SubjectHub<Value, Never>(currentValue: { [weak self] in self?.value })
            if extras == nil { extras = PublishedExtras() }
            extras.unsafelyUnwrapped.subject = created
            lock.unlock()
            return created
        }

        /// willSet order: the object's change notice, then the new value, then the store,
        /// then the direct observations. Inlinable so that it is specialised for the
        /// property's type. `newValue` is taken owned: moved into the storage, not copied; the
        /// value it replaces is released after unlocking (its deinit may touch this property).
        @inlinable
        func publishThenStore(_ newValue: __owned Value) {
            lock.lock()
            publishThenStoreLocked(newValue)
        }

        /// `publishThenStore(_:)` called with the lock held (it releases it).
        ///
        /// The extras, their subject and the change notice are used through unretained
        /// references (no reference counting on this path): an extras object holding a subject
        /// or an `objectWillChange` is never dropped, nor are those, while this storage (which
        /// the caller holds) lives; one without is not used across an unlock.
        @inlinable
        func publishThenStoreLocked(_ newValue: __owned Value) {
            var value = newValue
            guard let reference = extrasReference else {
                swap(&storedValue, &value)
                lock.unlock()
                return
            }
            reference._withUnsafeGuaranteedRef { current in
                if let rare = current.rare, rare.objectWillChange != nil {
                    unowned(unsafe) let objectWillChange = rare.objectWillChange.unsafelyUnwrapped
                    lock.unlock()
                    objectWillChange.send()
                    lock.lock()
                }
                // Read after the change notice: a subscriber it attached gets the value too.
                if current.subject != nil {
                    unowned(unsafe) let subject = unsafeDowncast(current.subject.unsafelyUnwrapped, to: SubjectHub<Value, Never>.self)
                    lock.unlock()
                    subject.deliver(value)
                    lock.lock()
                }
            }
            swap(&storedValue, &value)
            // Read again: the delivery may have changed them.
            guard let now = extrasReference else { return lock.unlock() }
            let (first, more) = now._withUnsafeGuaranteedRef { ($0.firstObservation, $0.rare?.moreObservations) }
            lock.unlock()
            withExtendedLifetime(value) {}
            first?.run()
            if let more { for observation in more { observation.run() } }
        }

        /// An assignment nobody subscribed to: when no `objectWillChange` is installed, nobody
        /// subscribed to `$property` and there is at most one direct observation, exchanges
        /// `value` with the stored value under the lock (so `value` comes back holding the
        /// replaced one) and returns the observation to tell; otherwise changes nothing and
        /// returns `.declined` WITH THE LOCK HELD: the caller must go on with
        /// `publishThenStoreLocked(_:)`. Calls nothing: the caller runs the observation and
        /// releases the old value (either may run arbitrary code) once done with this storage.
        @inlinable @inline(__always)
        func exchangeUnobserved(_ value: inout Value) -> UnobservedAssignment {
            lock.lock()
            guard let reference = extrasReference else {
                swap(&storedValue, &value)
                lock.unlock()
                return .stored(nil)
            }
            let observation: PublishedObservation?? = reference._withUnsafeGuaranteedRef {
                $0.isUnsubscribed ? .some($0.firstObservation) : .none
            }
            // Declined with the lock held: the caller goes on with `publishThenStoreLocked`.
            guard let observation else { return .declined }
            swap(&storedValue, &value)
            lock.unlock()
            return .stored(observation)
        }

        /// Stores `candidate` as the owner's `objectWillChange` unless one is already stored;
        /// returns the stored one. The first caller wins, so racing first accesses agree.
        override func installObjectWillChange(_ candidate: ObservableObjectPublisher) -> ObservableObjectPublisher {
            lock.withLock {
                if extras == nil { extras = PublishedExtras() }
                let extras = extras.unsafelyUnwrapped
                if let existing = extras.objectWillChange { return existing }
                extras.setObjectWillChange(candidate)
                return candidate
            }
        }

        override func installedObjectWillChange() -> ObservableObjectPublisher? {
            lock.withLock { extras?.objectWillChange }
        }

        /// Adds a direct observer.
        func addObservation(_ observation: PublishedObservation) {
            lock.withLock {
                if extras == nil { extras = PublishedExtras() }
                extras.unsafelyUnwrapped.addObservation(observation)
            }
        }

        /// Removes one observation equal to `observation` (same context, token and function:
        /// equal observations are interchangeable).
        func removeObservation(_ observation: PublishedObservation) {
            lock.withLock {
                guard let extras else { return }
                extras.removeObservation(observation)
                if extras.isEmpty { self.extras = nil }
            }
        }

        /// Removes one observation with this context and token.
        func removeObservation(context: UnsafeRawPointer, token: UInt64) {
            lock.withLock {
                guard let extras else { return }
                extras.removeObservation { $0.context == context && $0.token == token }
                if extras.isEmpty { self.extras = nil }
            }
        }

        /// Keeps an `assign(to:)` subscription until it completes or the property dies.
        /// Returns `false` if `identifier` already has one (a second `receive(subscription:)`).
        func retainAssignment(_ subscription: any Subscription, for identifier: CombineIdentifier) -> Bool {
            lock.withLock {
                if extras == nil { extras = PublishedExtras() }
                let extras = extras.unsafelyUnwrapped
                guard extras.assignments[identifier] == nil else { return false }
                extras.assignments[identifier] = subscription
                return true
            }
        }

        /// Forgets a finished `assign(to:)` subscription.
        func releaseAssignment(for identifier: CombineIdentifier) {
            let released: (any Subscription)? = lock.withLock {
                guard let extras else { return nil }
                let removed = extras.assignments.removeValue(forKey: identifier)
                if extras.isEmpty { self.extras = nil }
                return removed
            }
            _ = released  // released outside the lock: its deinit may run arbitrary code
        }
    }
}

/// The rarely used part of `PublishedExtras`: the observations after the first, the
/// `assign(to:)` subscriptions and the owner's `objectWillChange`.
@usableFromInline
final class PublishedRareExtras: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var moreObservations: [PublishedObservation] = []
    var assignments: [CombineIdentifier: any Subscription] = [:]
    @usableFromInline @exclusivity(unchecked) var objectWillChange: ObservableObjectPublisher?
    init() {}
}

/// What an observed `@Published` property keeps beside its value: the subscriber engine of
/// `$property`, the direct observations (`PublishedObservation`) and the `assign(to:)`
/// subscriptions. Guarded by the owning storage's lock.
@usableFromInline
final class PublishedExtras: @unchecked Sendable {
    /// Created by the first `$property` subscriber; kept afterwards (its subscribers hold it).
    /// A `SubjectHub<Value, Never>`, held untyped so that this class is not generic: its fields
    /// are then at fixed offsets, found without the type's metadata.
    @usableFromInline @exclusivity(unchecked) var subject: AnyObject?
    /// The owner's `objectWillChange`, installed once by ``ObservableObject``'s default
    /// implementation (the first caller wins, so racing first accesses agree); kept.
    @inlinable
    var objectWillChange: ObservableObjectPublisher? {
        rare?.objectWillChange
    }

    func setObjectWillChange(_ publisher: ObservableObjectPublisher) {
        updateRare { $0.objectWillChange = publisher }
    }
    /// Told after each store. The first is kept inline so that the usual single observer
    /// costs no array copy per value.
    @usableFromInline @exclusivity(unchecked) var firstObservation: PublishedObservation?
    /// The observations after the first, and the `assign(to:)` subscriptions: rare, so kept
    /// in a box of their own (nil when both are empty) to keep this object small.
    @usableFromInline @exclusivity(unchecked) var rare: PublishedRareExtras?

    /// The observations after the first.
    @inlinable
    var moreObservations: [PublishedObservation] {
        rare?.moreObservations ?? []
    }

    func setMoreObservations(_ newValue: [PublishedObservation]) {
        updateRare { $0.moreObservations = newValue }
    }

    var assignments: [CombineIdentifier: any Subscription] {
        get { rare?.assignments ?? [:] }
        set { updateRare { $0.assignments = newValue } }
    }

    private func updateRare(_ update: (PublishedRareExtras) -> Void) {
        let box = rare ?? PublishedRareExtras()
        update(box)
        rare = box.moreObservations.isEmpty && box.assignments.isEmpty && box.objectWillChange == nil ? nil : box
    }

    init() {}

    /// No `objectWillChange`, no `$property` subscriber ever, and at most one observation:
    /// an assignment may take the short path. Called under the storage's lock.
    @inlinable
    var isUnsubscribed: Bool {
        subject == nil && (rare == nil || (rare.unsafelyUnwrapped.objectWillChange == nil && rare.unsafelyUnwrapped.moreObservations.isEmpty))
    }

    /// Nothing left to keep (the subject, once created, stays).
    var isEmpty: Bool {
        subject == nil && firstObservation == nil && rare == nil
    }

    func addObservation(_ observation: PublishedObservation) {
        if firstObservation == nil {
            firstObservation = observation
        } else {
            setMoreObservations(moreObservations + [observation])
        }
    }

    func removeObservation(_ observation: PublishedObservation) {
        removeObservation { $0.isSame(as: observation) }
    }

    /// Removes the first observation that `matches`, keeping the order of the others.
    func removeObservation(where matches: (PublishedObservation) -> Bool) {
        var more = moreObservations
        if let first = firstObservation, matches(first) {
            // Keep the single-observer fast path for whoever remains.
            firstObservation = more.isEmpty ? nil : more.removeFirst()
        } else if let index = more.firstIndex(where: matches) {
            more.remove(at: index)
        } else {
            return
        }
        setMoreObservations(more)
    }
}

/// What an assignment nobody subscribed to did (see `Published.Storage.exchangeUnobserved(_:)`).
@usableFromInline
enum UnobservedAssignment {
    /// Someone may observe the assignment: nothing was stored, and the storage's lock is still held.
    case declined
    /// Stored; the one direct observation to tell, if any.
    case stored(PublishedObservation?)
}

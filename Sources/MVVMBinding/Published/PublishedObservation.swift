/// A direct observer of a `@Published` property: told, without a subscription, after each
/// assignment.
///
/// For code in this package that batches changes and reads values later (the C runtime marks
/// a property dirty and reads it when the host's call ends). A `$property` subscription pays
/// per value for a conduit lock, demand accounting and a chain of closures, each with its
/// reference counting; an observation is one call to a C function pointer with a context the
/// observer owns, so it costs no reference counting at all. It is package API because its
/// contract is narrower than a publisher's:
/// - `context` is not retained: cancel the token `Published.Publisher.addObservation(_:)`
///   returns before whatever it points to goes away;
/// - `notify` runs on the assigning thread, after the new value is stored and outside the
///   property's lock (it may read the property), and carries no value, only `token`;
/// - adding, removing and assignments that may race with the removal must happen on one
///   thread (the runtime's ViewModels are `@MainActor`): a notification already under way
///   when the token is cancelled still runs.
@usableFromInline
package struct PublishedObservation {
    @usableFromInline let context: UnsafeRawPointer
    @usableFromInline let token: UInt64
    @usableFromInline let notify: @convention(c) (_ context: UnsafeRawPointer, _ token: UInt64) -> Void

    /// `notify` is a C function pointer (a closure that captures nothing): copying the
    /// observation per assignment then copies plain words, where a Swift closure's context
    /// would be retained and released.
    package init(
        context: UnsafeRawPointer, token: UInt64,
        notify: @convention(c) (_ context: UnsafeRawPointer, _ token: UInt64) -> Void
    ) {
        self.context = context
        self.token = token
        self.notify = notify
    }

    @inlinable @inline(__always)
    func run() { notify(context, token) }

    /// The same context, token and function: interchangeable.
    func isSame(as other: PublishedObservation) -> Bool {
        context == other.context && token == other.token
            && unsafeBitCast(notify, to: UnsafeRawPointer.self) == unsafeBitCast(other.notify, to: UnsafeRawPointer.self)
    }
}

extension Published.Publisher {
    /// Calls `observation` after every assignment to the property until the returned token is
    /// cancelled or released (see `PublishedObservation` for the rules).
    package func addObservation(_ observation: PublishedObservation) -> AnyCancellable {
        let storage = self.storage
        storage.addObservation(observation)
        return AnyCancellable { storage.removeObservation(observation) }
    }

    /// `addObservation(_:)` without a token to hold: the observation stays until
    /// `removeObservation(context:token:)` names it (the caller keeps track, for instance in a
    /// bit mask, and removes it before `context` goes away). Costs no allocation but the
    /// property's first observation's.
    package func addUntrackedObservation(_ observation: PublishedObservation) {
        storage.addObservation(observation)
    }

    /// Removes one observation added with this `context` and `token`.
    package func removeObservation(context: UnsafeRawPointer, token: UInt64) {
        storage.removeObservation(context: context, token: token)
    }
}

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
}

extension Published.Publisher {
    /// Calls `observation` after every assignment to the property until the returned token is
    /// cancelled or released (see `PublishedObservation` for the rules).
    package func addObservation(_ observation: PublishedObservation) -> AnyCancellable {
        let hub = storage.subject
        let id = hub.addObservation(observation)
        return AnyCancellable { hub.removeObservation(id) }
    }
}

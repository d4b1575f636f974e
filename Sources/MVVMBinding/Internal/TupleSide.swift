/// One upstream's slot in a `TupleSubscription` (Zip, CombineLatest): its subscription, whether
/// it finished, and, in subclasses, the values it holds for the next tuple.
///
/// A top-level class, not nested in the generic subscription: a nested one would be generic
/// too, and then every pass over the array of sides (and every key path over one) would look
/// up metadata at run time, per value. The state is guarded by the owning subscription's
/// lock and never held `inout` across a call, hence `@exclusivity(unchecked)`.
class TupleSide {
    let index: Int
    @exclusivity(unchecked) var subscription: (any Subscription)?
    @exclusivity(unchecked) var isFinished = false
    /// Whether the slot holds a value to put in the next tuple; kept by the subclass, stored
    /// so that checking every side costs no call.
    @exclusivity(unchecked) final var hasValue = false

    init(index: Int) { self.index = index }

    /// Drops every value the slot holds.
    func removeValues() { fatalError("abstract") }
}

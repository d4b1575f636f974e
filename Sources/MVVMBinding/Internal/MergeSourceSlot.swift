/// What a `MergingSubscription` knows of one source (one upstream or inner publisher), in a
/// slot that is reused once the source has finished.
///
/// A top-level type: nested in the generic merge it would be generic too, and every access
/// to the array of slots would then look up metadata at run time.
struct MergeSourceSlot {
    /// Bumped each time the slot is given to a new source, so events from the source that
    /// held it before (which has completed) are recognised and ignored.
    var generation = 0
    /// Whether a source holds the slot.
    var isLive = false
    var subscription: (any Subscription)?
    /// A `.max(1)` request is outstanding.
    var isAwaitingValue = false
    /// Values from this source waiting in the merge's queue.
    var queuedCount = 0
    /// While free: the next free slot, or -1 (the free slots form a list through the array,
    /// so freeing and reusing one allocates nothing).
    var nextFree = -1
}

/// Which source a queued value came from: its slot and the slot's generation.
struct MergeSourceTag: Equatable {
    let slot: Int
    let generation: Int
}

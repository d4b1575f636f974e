/// How a `FanInSubscription`'s stream is to end, once decided and until delivered.
///
/// Not generic: the failure itself waits in a slot of its own, so deciding and delivering a
/// normal finish (the common end) touches no optional of a generic type (each a run-time
/// metadata lookup in unspecialised code).
enum FanInEnding {
    case none
    case finish
    case failure
}

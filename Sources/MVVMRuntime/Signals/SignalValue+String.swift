/// Runs `body` with `.string` of a C copy of `string` (NULL for nil), valid during `body`.
///
/// A nonisolated function on purpose: a closure written inside main-actor code and handed to
/// the standard library's `withCString` gets a run-time executor check on every call in
/// Swift 6 (~220 instructions on the delivery path); this closure is nonisolated.
func withStringValue(_ string: String?, _ body: (SignalValue) -> Void) {
    guard let string else { return body(.string(nil)) }
    string.withCString { body(.string($0)) }
}

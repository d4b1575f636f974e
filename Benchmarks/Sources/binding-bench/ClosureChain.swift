/// The reference side of the chain families: a stored closure the values are sent through, as
/// a subject's subscriber is stored and called.
final class ClosureChain {
    var send: (Int) -> Void = { _ in }
}

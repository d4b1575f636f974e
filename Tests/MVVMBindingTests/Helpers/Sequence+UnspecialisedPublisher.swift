import MVVMBinding

extension Sequence {
    /// This sequence's elements through a publisher with no specialised operators.
    ///
    /// `Publishers.Sequence`, `Just`, `Optional.Publisher` and `Result.Publisher` have Combine's
    /// specialised operators, computed at once when applied (`[1, 2].publisher.map` is another
    /// `Publishers.Sequence`), so a test of an operator such as `Publishers.Map` starts from
    /// this instead: the same elements, served on demand by the sequence's own subscription.
    var unspecialisedPublisher: AnyPublisher<Element, Never> {
        publisher.eraseToAnyPublisher()
    }
}

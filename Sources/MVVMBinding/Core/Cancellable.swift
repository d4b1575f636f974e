/// An activity or action that can be cancelled. Cancelling frees the resources it holds.
public protocol Cancellable {
    func cancel()
}

extension Cancellable {
    /// Wraps this cancellable in an `AnyCancellable` and inserts it into `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Wraps this cancellable in an `AnyCancellable` and inserts it into `set`.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}

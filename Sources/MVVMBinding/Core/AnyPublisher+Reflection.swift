extension AnyPublisher: CustomReflectable {
    /// Like Combine's: no children, so a debugger or `dump` shows the erased type, not the
    /// closure that holds the wrapped publisher.
    public var customMirror: Mirror {
        Mirror(self, children: [:])
    }
}

extension AnyPublisher: CustomPlaygroundDisplayConvertible {
    /// The same text as `description`.
    public var playgroundDescription: Any {
        description
    }
}

extension Published {
    /// The publisher of a `@Published` property, reached as `$property`.
    ///
    /// A new subscriber receives the property's current value when it first demands a value,
    /// then each new value as it is assigned, before it is stored. It never completes.
    public struct Publisher: MVVMBindingCore.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        let storage: Storage

        init(_ storage: Storage) { self.storage = storage }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.subject.attach(subscriber)
        }
    }
}

// As for `Published`: shareable when the values it carries are.
extension Published.Publisher: Sendable where Value: Sendable {}

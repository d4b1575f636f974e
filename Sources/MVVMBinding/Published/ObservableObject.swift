/// A type of object with a publisher that emits before the object has changed.
///
/// As in Combine, a class that declares `@Published` properties and conforms without writing
/// `objectWillChange` gets a synthesised ``ObservableObjectPublisher`` that fires before any of
/// those properties changes, including properties declared in superclasses.
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object has changed.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that emits before any `@Published` property of this object changes.
    ///
    /// Returns the same instance on every access for an object with at least one `@Published`
    /// property: the first access stores one publisher into every such property (found by
    /// reflecting over the object and its superclasses), later accesses find it there. An
    /// object without `@Published` properties gets a new publisher on each access, as in
    /// Combine; such a class declares `let objectWillChange = ObservableObjectPublisher()` and
    /// calls `send()` itself.
    ///
    /// The reflection reads every stored property of the object, so read `objectWillChange`
    /// where reading the object's properties is safe (for a `@MainActor` object, on the main
    /// actor), and do not give the class a custom `customMirror`, which would hide its fields.
    public var objectWillChange: ObservableObjectPublisher {
        var fields: [any ObjectWillChangeHolder] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                if let field = child.value as? any ObjectWillChangeHolder { fields.append(field) }
            }
            mirror = current.superclassMirror
        }
        guard let first = fields.first else { return ObservableObjectPublisher() }
        // The first field decides which publisher wins if two threads get here at once; every
        // other field then receives that winner, so all fields agree.
        let publisher = first.installObjectWillChange(ObservableObjectPublisher())
        for field in fields.dropFirst() { _ = field.installObjectWillChange(publisher) }
        return publisher
    }
}

/// A stored property that can carry its owner's `objectWillChange`: `Published`, whatever its
/// value type. Lets the reflection above find those properties without knowing `Value`.
protocol ObjectWillChangeHolder {
    /// Stores `publisher` unless one is already stored; returns the stored one.
    func installObjectWillChange(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher
}

extension Published: ObjectWillChangeHolder {
    func installObjectWillChange(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
        storage.installObjectWillChange(publisher)
    }
}

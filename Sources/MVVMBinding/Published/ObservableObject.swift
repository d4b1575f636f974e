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
    /// property: the first access stores one publisher into every such property (its own and
    /// its superclasses', found once per class from the runtime's field records:
    /// `PublishedFields`), later accesses find it there. An object without `@Published`
    /// properties gets a new publisher on each access, as in Combine; such a class declares
    /// `let objectWillChange = ObservableObjectPublisher()` and calls `send()` itself.
    ///
    /// Read `objectWillChange` where reading the object's properties is safe (for a
    /// `@MainActor` object, on the main actor).
    public var objectWillChange: ObservableObjectPublisher {
        let storages: [PublishedStorageBase]
        if let offsets = PublishedFields.offsets(in: type(of: self)) {
            guard let last = offsets.last else { return ObservableObjectPublisher() }
            // Installed first to last: a publisher in the last field is in every field.
            if let installed = PublishedFields.storage(of: self, at: last).takeUnretainedValue().installedObjectWillChange() {
                return installed
            }
            storages = offsets.map { PublishedFields.storage(of: self, at: $0).takeUnretainedValue() }
        } else {
            storages = reflectedPublishedStorages
        }
        guard let first = storages.first else { return ObservableObjectPublisher() }
        // The first field decides which publisher wins if two threads get here at once; every
        // other field then receives that winner, so all fields agree.
        let publisher = first.installObjectWillChange(ObservableObjectPublisher())
        for storage in storages.dropFirst() { _ = storage.installObjectWillChange(publisher) }
        return publisher
    }

    /// For a class the runtime cannot describe field by field: the storages of its
    /// `@Published` properties, found by `Mirror` (which a custom `customMirror` would hide).
    private var reflectedPublishedStorages: [PublishedStorageBase] {
        var storages: [PublishedStorageBase] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                if let field = child.value as? any PublishedField { storages.append(field.publishedStorage) }
            }
            mirror = current.superclassMirror
        }
        return storages
    }
}

/// A stored property that carries its owner's `objectWillChange`: `Published`, whatever its
/// value type. Lets the reflection above reach its storage without knowing `Value`.
protocol PublishedField {
    var publishedStorage: PublishedStorageBase { get }
}

extension Published: PublishedField {
    var publishedStorage: PublishedStorageBase { storage }
}

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
        guard let offsets = PublishedFields.offsets(in: type(of: self)) else { return reflectedObjectWillChange }
        guard let last = offsets.last else { return ObservableObjectPublisher() }
        // Installed first to last: a publisher in the last field is in every field.
        if let installed = PublishedFields.storage(of: self, at: last).takeUnretainedValue().installedObjectWillChange() {
            return installed
        }
        // The first field decides which publisher wins if two threads get here at once; every
        // other field then receives that winner, so all fields agree.
        let publisher = PublishedFields.storage(of: self, at: offsets[0]).takeUnretainedValue()
            .installObjectWillChange(ObservableObjectPublisher())
        for offset in offsets.dropFirst() {
            _ = PublishedFields.storage(of: self, at: offset).takeUnretainedValue().installObjectWillChange(publisher)
        }
        return publisher
    }

    /// `objectWillChange` for a class the runtime cannot describe field by field: its
    /// `@Published` properties found by `Mirror` (which a custom `customMirror` would hide).
    private var reflectedObjectWillChange: ObservableObjectPublisher {
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

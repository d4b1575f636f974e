/// Reads a `@Published` property without copying its wrapper, for code that reads a property
/// on every change and knows the property outlives the reader.
///
/// Inside a class, `object.property` already reads without retaining the wrapper's storage
/// (see `Published.subscript(_enclosingInstance:wrapped:storage:)`), so ViewModels have no use
/// for a reader: it is for generic code that holds a property's publisher rather than its
/// object, and it reads exactly what the getter reads, at the same cost.
///
/// Unsafe in the way `Unmanaged` is: the reader does not keep the property alive. Keep one
/// only where the property's owner outlives it — a stored property of that same owner, or of
/// an object that holds the owner strongly. Reading after the owner is gone is undefined.
/// (Public rather than package-internal because only public `@inlinable` code is inlined
/// into other modules, and a read that is a call costs more than the retain it saves.)
public struct UnsafePublishedReader<Value> {
    @usableFromInline let storage: Unmanaged<Published<Value>.Storage>

    init(_ storage: Published<Value>.Storage) {
        self.storage = Unmanaged.passUnretained(storage)
    }

    /// The property's current value, as its getter returns it.
    @inlinable @inline(__always)
    public var value: Value {
        storage._withUnsafeGuaranteedRef { $0.value }
    }
}

extension Published.Publisher {
    /// A reader of this property; see `UnsafePublishedReader` for how long it may be kept.
    public var unsafeReader: UnsafePublishedReader<Value> { UnsafePublishedReader(storage) }
}

/// Reads a `@Published` property without copying its wrapper, for code that reads a property
/// on every change and knows the property outlives the reader.
///
/// `object.property` copies the property's wrapper out of the object, and copying it retains
/// and releases the wrapper's shared storage around every read (the lock's atomic operations
/// keep the optimiser from borrowing it instead). A reader holds that storage unretained, so a
/// read is the lock and the copy of the value alone.
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

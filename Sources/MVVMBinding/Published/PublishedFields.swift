@_spi(Reflection) import Swift

/// Where a class keeps its `@Published` properties: what `objectWillChange` needs to reach
/// every one of them (`ObservableObject`).
///
/// Found once per class, from the runtime's field records (by their mangled type names,
/// `PublishedFieldRecords`, or else `_forEachField`, which resolves every field's type; both
/// walk the superclasses' fields too), and remembered: no `Mirror`, no copy of the object's
/// fields and no dynamic cast to a protocol. A cast is what made the first `objectWillChange` of a
/// process slow: each field type it had not met before sent the runtime through every
/// protocol conformance record of the process (in a library with the Swift runtime and
/// Foundation linked in, tens of thousands of them), and `Mirror` re-read every field on each
/// access.
///
/// The unsafe part is small and kept here: a field is a `Published<T>` when its type's nominal
/// descriptor is `Published`'s, and such a field is, by `Published`'s layout, one strong
/// reference to a `PublishedStorageBase`.
enum PublishedFields {
    /// The byte offsets of `type`'s `@Published` fields (its superclasses' included); nil when
    /// the runtime cannot describe its fields (the caller falls back to `Mirror`).
    static func offsets(in type: AnyClass) -> [Int]? {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        let found =
            PublishedFieldRecords.offsets(in: type, publishedDescriptor: publishedDescriptor)
            ?? resolvedOffsets(in: type)
        cache.withLock { $0[key] = found }
        return found
    }

    /// The same, each field's type resolved by the runtime: for the classes whose fields
    /// `PublishedFieldRecords` cannot tell apart by name.
    static func resolvedOffsets(in type: AnyClass) -> [Int]? {
        var offsets: [Int] = []
        let described = _forEachField(of: type, options: classFields) { _, offset, fieldType, kind in
            if kind == .struct && nominalDescriptor(of: fieldType) == publishedDescriptor { offsets.append(offset) }
            return true
        }
        return described ? offsets : nil
    }

    /// The storage of the `@Published` field at byte `offset` of `object`, unretained: valid
    /// while `object` is alive and the field is not reassigned.
    static func storage(of object: AnyObject, at offset: Int) -> Unmanaged<PublishedStorageBase> {
        let base = Unmanaged.passUnretained(object).toOpaque()
        return base.load(fromByteOffset: offset, as: Unmanaged<PublishedStorageBase>.self)
    }

    // `_EachFieldOptions.classType`, spelled by value: the static is a `var` (not
    // concurrency-safe in Swift 6).
    private static let classFields = _EachFieldOptions(rawValue: 1 << 0)

    static let publishedDescriptor: UInt = {
        // `storage(of:at:)` reads a `Published` field as its one reference.
        precondition(MemoryLayout<Published<Int>>.size == MemoryLayout<Unmanaged<PublishedStorageBase>>.size)
        return nominalDescriptor(of: Published<Int>.self)
    }()

    /// Per class: the offsets, or nil when its fields cannot be described. Never emptied:
    /// classes are not unloaded.
    private static let cache = PthreadLocked<[ObjectIdentifier: [Int]?]>([:])

    /// The address of a struct type's nominal type descriptor: the metadata's second word (the
    /// Swift ABI's `StructMetadata::Description`), shared by every specialisation of a generic
    /// struct.
    private static func nominalDescriptor(of type: Any.Type) -> UInt {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        return metadata.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UInt.self)
    }
}

/// What every `Published<Value>.Storage` is, whatever its `Value`: lets `objectWillChange`
/// install its publisher into a field it found by offset.
@usableFromInline
class PublishedStorageBase: @unchecked Sendable {
    /// Stores `candidate` as the owner's `objectWillChange` unless one is already stored;
    /// returns the stored one.
    func installObjectWillChange(_ candidate: ObservableObjectPublisher) -> ObservableObjectPublisher {
        fatalError("Published<Value>.Storage overrides installObjectWillChange")
    }

    /// The owner's `objectWillChange` if one was installed here.
    func installedObjectWillChange() -> ObservableObjectPublisher? {
        fatalError("Published<Value>.Storage overrides installedObjectWillChange")
    }
}

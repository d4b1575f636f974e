import Synchronization

/// A part of a declaration built on first use, on any thread: what a declaration names but a
/// host's first page need not build (a member's C function and its signature, a constructor's
/// host interface or options struct, which the type's other constructors never read).
///
/// Every reader gets the same instance. Lock-free: two threads reading it first at the same
/// moment may both build it; one build is kept and the other dropped, so `build` must have no
/// effect beyond its result. A struct over a non-generic object, as `PthreadLocked` is: a
/// generic class would cost a metadata instantiation per `Value` on the first page.
package struct BuiltOnFirstRead<Value: AnyObject & Sendable>: Sendable {
    private let storage: BuiltOnFirstReadStorage

    package init(_ build: @escaping @Sendable () -> Value) { storage = BuiltOnFirstReadStorage { build() } }

    package var value: Value { unsafeDowncast(storage.object, to: Value.self) }
}

private final class BuiltOnFirstReadStorage: Sendable {
    private let build: @Sendable () -> AnyObject
    /// The kept build: a retained object's address, 0 until the first read.
    private let built = Atomic<UInt>(0)

    init(_ build: @escaping @Sendable () -> AnyObject) { self.build = build }

    deinit {
        if let object = Self.object(at: built.load(ordering: .acquiring)) { object.release() }
    }

    var object: AnyObject {
        if let object = Self.object(at: built.load(ordering: .acquiring)) { return object.takeUnretainedValue() }
        let made = Unmanaged.passRetained(build())
        let (kept, earlier) = built.compareExchange(
            expected: 0, desired: UInt(bitPattern: made.toOpaque()), ordering: .acquiringAndReleasing)
        if kept { return made.takeUnretainedValue() }
        made.release()
        return Self.object(at: earlier)!.takeUnretainedValue()
    }

    private static func object(at address: UInt) -> Unmanaged<AnyObject>? {
        UnsafeRawPointer(bitPattern: address).map { Unmanaged<AnyObject>.fromOpaque($0) }
    }
}

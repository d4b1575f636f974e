/// The bits of an `mvvm_object *`: never a pointer, a slot index plus the slot's generation,
/// so a destroyed or stale handle is recognised instead of followed.
///
/// Layout: generation in the high 32 bits, slot index + 1 in the low 32 bits (so no live
/// handle is 0, which is NULL in C).
public struct Handle: Hashable, Sendable {
    public let slot: Int
    public let generation: UInt32

    public init(slot: Int, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }

    public init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        let bits = UInt64(UInt(bitPattern: pointer))
        let low = bits & 0xFFFF_FFFF
        guard low != 0 else { return nil }
        slot = Int(low - 1)
        generation = UInt32(truncatingIfNeeded: bits >> 32)
    }

    public var pointer: OpaquePointer {
        let bits = UInt64(generation) << 32 | UInt64(slot + 1)
        return OpaquePointer(bitPattern: UInt(bits))!
    }
}

/// Every live object, by slot. Lookups are O(1); freed slots are reused with a new
/// generation, so handles to the old occupant stay invalid forever.
@MainActor
struct HandleTable {
    private struct Slot {
        var generation: UInt32
        var object: RuntimeObject? {
            didSet { unretained = object.map(Unmanaged.passUnretained) }
        }
        /// `object` again, for lookups that must not retain it.
        var unretained: Unmanaged<RuntimeObject>?

        init(generation: UInt32) {
            self.generation = generation
        }
    }

    /// The generation new slots start at: above every generation any table of this process
    /// has used, so a handle from before `mvvm_shutdown()` never names an object of the next
    /// runtime (whose table starts empty and would otherwise hand out the same bits).
    private static var firstGeneration: UInt32 = 1

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []

    var liveObjects: [RuntimeObject] { slots.compactMap(\.object) }

    mutating func insert(_ object: RuntimeObject) -> Handle {
        let index: Int
        if let reused = freeSlots.popLast() {
            index = reused
        } else {
            index = slots.count
            slots.append(Slot(generation: Self.firstGeneration))
        }
        slots[index].object = object
        return Handle(slot: index, generation: slots[index].generation)
    }

    @inline(__always)
    func object(at handle: Handle) -> RuntimeObject? {
        guard handle.slot < slots.count else { return nil }
        let slot = slots[handle.slot]
        return slot.generation == handle.generation ? slot.object : nil
    }

    /// `object(at:)` without reference counting; the caller guarantees the lifetime.
    @inline(__always)
    func unretainedObject(at handle: Handle) -> Unmanaged<RuntimeObject>? {
        guard handle.slot < slots.count, slots[handle.slot].generation == handle.generation else { return nil }
        return slots[handle.slot].unretained
    }

    mutating func remove(_ handle: Handle) {
        guard object(at: handle) != nil else { return }
        slots[handle.slot].object = nil
        // Skip generation 0 on wrap-around so a handle's bits are never all zero in the
        // high half together with a reused slot of a very old handle.
        slots[handle.slot].generation &+= 1
        if slots[handle.slot].generation == 0 { slots[handle.slot].generation = 1 }
        Self.firstGeneration = max(Self.firstGeneration, slots[handle.slot].generation)
        freeSlots.append(handle.slot)
    }
}

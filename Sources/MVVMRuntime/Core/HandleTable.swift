/// Every live object, by slot. Lookups are O(1); freed slots are reused with a new
/// generation, so handles to the old occupant stay invalid forever.
@MainActor
struct HandleTable {
    private struct Slot {
        var generation: UInt32 = 1
        var object: RuntimeObject?
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []

    var liveObjects: [RuntimeObject] { slots.compactMap(\.object) }

    mutating func insert(_ object: RuntimeObject) -> Handle {
        let index: Int
        if let reused = freeSlots.popLast() {
            index = reused
        } else {
            index = slots.count
            slots.append(Slot())
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

    mutating func remove(_ handle: Handle) {
        guard object(at: handle) != nil else { return }
        slots[handle.slot].object = nil
        // Skip generation 0 on wrap-around so a handle's bits are never all zero in the
        // high half together with a reused slot of a very old handle.
        slots[handle.slot].generation &+= 1
        if slots[handle.slot].generation == 0 { slots[handle.slot].generation = 1 }
        freeSlots.append(handle.slot)
    }
}

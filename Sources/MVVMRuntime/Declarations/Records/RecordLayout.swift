/// Where each field of a record's C struct is, by C's rules on LP64 (fields in order, each at
/// the next multiple of its alignment, the size rounded up to the largest alignment): the
/// layout the generated header's struct has, so the library writes what the host reads.
public struct RecordLayout: Sendable, Equatable {
    /// Each field's offset, in field order.
    public let offsets: [Int]
    public let size: Int
    public let alignment: Int

    init(_ kinds: [RecordFieldKind]) {
        var offset = 0
        var alignment = 1
        var offsets: [Int] = []
        for kind in kinds {
            offset = (offset + kind.size - 1) / kind.size * kind.size
            offsets.append(offset)
            offset += kind.size
            alignment = max(alignment, kind.size)
        }
        self.offsets = offsets
        self.size = (offset + alignment - 1) / alignment * alignment
        self.alignment = alignment
    }
}

/// An array-backed collection that records the calls a joining operation makes on it (and
/// on its copies, which share the record), to compare with the calls Combine's `prepend`
/// specialisations make: which collection is built, whether room is reserved first, what
/// is read from the collections joined.
struct CallRecordingCollection<Element>: RangeReplaceableCollection {
    enum Call: Equatable {
        case emptyInit
        case initFromSequence
        case count
        case underestimatedCount
        case makeIterator
        case reserveCapacity
        case appendContentsOf
    }

    /// Shared by a collection and its copies.
    final class Record {
        var calls: [Call] = []
    }

    private var elements: [Element]
    let record: Record

    init() {
        elements = []
        record = Record()
        record.calls.append(.emptyInit)
    }

    init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.elements = Array(elements)
        record = Record()
        record.calls.append(.initFromSequence)
    }

    var calls: [Call] { record.calls }
    var storage: [Element] { elements }

    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }
    func index(after i: Int) -> Int { i + 1 }
    subscript(position: Int) -> Element { elements[position] }

    var count: Int {
        record.calls.append(.count)
        return elements.count
    }

    var underestimatedCount: Int {
        record.calls.append(.underestimatedCount)
        return elements.count
    }

    func makeIterator() -> IndexingIterator<[Element]> {
        record.calls.append(.makeIterator)
        return elements.makeIterator()
    }

    mutating func reserveCapacity(_ n: Int) {
        record.calls.append(.reserveCapacity)
        elements.reserveCapacity(n)
    }

    mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
        record.calls.append(.appendContentsOf)
        elements.append(contentsOf: newElements)
    }

    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Element {
        elements.replaceSubrange(subrange, with: newElements)
    }
}

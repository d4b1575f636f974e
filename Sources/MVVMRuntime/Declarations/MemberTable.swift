/// One fact per member of a declaration (how it is read, its kind, ...), fixed when the
/// declaration is built and read on every call. Unsafe memory rather than an `Array`: the first
/// `Array` of each element type costs the Swift runtime a metadata instantiation (about 7 k
/// instructions; a declaration's eight tables were a tenth of a C host's first ViewModel), and
/// memory a struct points at costs none. Bounds are checked as an `Array` checks them. Its
/// declaration frees it (`TypeDeclaration.deinit`).
struct MemberTable<Element> {
    private let elements: UnsafeMutableBufferPointer<Element>

    init<Source: Collection>(_ source: Source, _ element: (Source.Element) -> Element) {
        elements = .allocate(capacity: source.count)
        var index = 0
        for item in source {
            (elements.baseAddress! + index).initialize(to: element(item))
            index += 1
        }
    }

    var count: Int { elements.count }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < elements.count, "member index out of range")
        return elements[index]
    }

    /// Ends the table: its declaration is going away.
    func free() {
        _ = elements.deinitialize()
        elements.deallocate()
    }
}

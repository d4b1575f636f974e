/// How a record's C form is written, its strings borrowed from the model for one call (a
/// signal's rule) or lent until the next change (a getter's), compiled once from the record's
/// fields into steps of no generic type.
///
/// Why not the fields themselves: the paths that deliver a record reach it as
/// `any RecordValue` and run unspecialised, and there every read of a `RecordField<Model>`
/// looked up the type's metadata (about 4,000 instructions for each record delivered). Each
/// step reads the model through a pointer instead, in a closure made where `Model` was known.
final class RecordCFormWriter: Sendable {
    enum Step: Sendable {
        /// A number, flag or enum field: stores it at its offset in the C form.
        case scalar(@Sendable (_ model: UnsafeRawPointer, _ base: UnsafeMutableRawPointer) -> Void)
        case string(offset: Int, @Sendable (_ model: UnsafeRawPointer) -> String)
        case optionalString(offset: Int, @Sendable (_ model: UnsafeRawPointer) -> String?)
    }

    let size: Int
    let alignment: Int
    let steps: [Step]

    init<Model>(_ fields: [RecordField<Model>], _ layout: RecordLayout) {
        size = layout.size
        alignment = layout.alignment
        // An index loop, not `zip(...).map`: in this generic context a `Zip2Sequence` of the
        // model's fields is instantiated by name, which checks its conformances by scanning
        // every conformance record of the library, once per record type, at start-up.
        var steps: [Step] = []
        steps.reserveCapacity(fields.count)
        for index in fields.indices {
            steps.append(Self.step(fields[index].read, at: layout.offsets[index]))
        }
        self.steps = steps
    }

    private static func step<Model>(_ read: RecordField<Model>.Read, at offset: Int) -> Step {
        @Sendable func model(_ pointer: UnsafeRawPointer) -> Model { pointer.assumingMemoryBound(to: Model.self).pointee }
        switch read {
        case .int64(let read): return .scalar { $1.storeBytes(of: read(model($0)), toByteOffset: offset, as: Int64.self) }
        case .int32(let read): return .scalar { $1.storeBytes(of: read(model($0)), toByteOffset: offset, as: Int32.self) }
        case .bool(let read): return .scalar { $1.storeBytes(of: read(model($0)) ? 1 : 0, toByteOffset: offset, as: Int32.self) }
        case .double(let read): return .scalar { $1.storeBytes(of: read(model($0)), toByteOffset: offset, as: Double.self) }
        case .enumeration(let field):
            return .scalar { $1.storeBytes(of: field.number(model($0)), toByteOffset: offset, as: Int32.self) }
        case .string(let read): return .string(offset: offset) { read(model($0)) }
        case .optionalString(let read): return .optionalString(offset: offset) { read(model($0)) }
        }
    }

    /// Writes the C form of the model at `model` at `base`, its strings lent from `strings`.
    @MainActor
    func write(ofModelAt model: UnsafeRawPointer, to base: UnsafeMutableRawPointer, lendingFrom strings: BorrowedStrings) {
        for step in steps {
            switch step {
            case .scalar(let store): store(model, base)
            case .string(let offset, let read):
                base.storeBytes(of: strings.lend(read(model)), toByteOffset: offset, as: UnsafePointer<CChar>.self)
            case .optionalString(let offset, let read):
                base.storeBytes(of: strings.lend(read(model)), toByteOffset: offset, as: UnsafePointer<CChar>?.self)
            }
        }
    }

    /// Calls `body` with the C form of the model at `model`, valid during the call.
    func withCForm(ofModelAt model: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
        withUnsafeTemporaryAllocation(byteCount: size, alignment: alignment) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            borrow(model, from: 0, into: buffer.baseAddress!, body)
        }
    }

    /// Runs the steps from `index` on, borrowing each string for the rest of the call.
    private func borrow(_ model: UnsafeRawPointer, from index: Int, into base: UnsafeMutableRawPointer, _ body: (UnsafeRawPointer) -> Void) {
        var index = index
        while index < steps.count {
            switch steps[index] {
            case .scalar(let store): store(model, base)
            case .string(let offset, let read):
                read(model).withCString { text in
                    base.storeBytes(of: text, toByteOffset: offset, as: UnsafePointer<CChar>.self)
                    borrow(model, from: index + 1, into: base, body)
                }
                return
            case .optionalString(let offset, let read):
                if let string = read(model) {
                    string.withCString { text in
                        base.storeBytes(of: text, toByteOffset: offset, as: UnsafePointer<CChar>.self)
                        borrow(model, from: index + 1, into: base, body)
                    }
                    return
                }
                base.storeBytes(of: nil, toByteOffset: offset, as: UnsafePointer<CChar>?.self)
            }
            index += 1
        }
        body(UnsafeRawPointer(base))
    }
}

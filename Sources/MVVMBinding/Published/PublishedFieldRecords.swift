import CExecutorHooks

/// A class's `@Published` fields told apart by the field records' mangled type names, without
/// resolving each field's type: the fast path of `PublishedFields.offsets(in:)`.
///
/// Resolving a field's type (what `_forEachField` does for every field) demangles its name and
/// builds its metadata: ≈ 20 k instructions a field, a quarter of a C host's first page for the
/// user list's 12. Yet the name alone settles most fields: a type is `Published<T>` only if its
/// mangled name begins with a reference to `Published`'s descriptor (a bound generic type is
/// spelled nominal first: the reference, `y`, the argument, `G`) and ends with that `G` (a
/// mangled name is postfix: an `Sg` after it would make it an Optional); a name beginning with
/// any other nominal type, a standard-library type or a function type is some other type. A
/// name this cannot settle — a generic parameter (which could be bound to a `Published`), a
/// textual or unusual reference — sends the whole class the resolving way, as does any record
/// laid out otherwise than expected: nil.
///
/// The layouts read here are the Swift ABI's field records (`swift/RemoteInspection/Records.h`):
/// a type context descriptor's fifth word is a relative pointer to its field descriptor, whose
/// 16-byte header (type name, superclass, kind, record size, count) precedes one 12-byte record
/// per stored property (flags, type name, field name), in declaration order.
enum PublishedFieldRecords {
    /// The byte offsets of `type`'s `Published` fields, its superclasses' first; nil when a
    /// field's type cannot be told from its name.
    static func offsets(in type: AnyClass, publishedDescriptor: UInt) -> [Int]? {
        // Root class first: the runtime numbers a class's fields after its superclasses'.
        var chain: [AnyClass] = []
        var current: AnyClass? = type
        while let someClass = current {
            chain.append(someClass)
            current = _getSuperclass(someClass)
        }
        var offsets: [Int] = []
        var index = 0
        for someClass in chain.reversed() {
            guard let records = records(of: someClass) else { return nil }
            for record in 0..<records.count {
                guard let name = records.typeName(at: record) else { return nil }
                switch shape(ofTypeNamed: name, publishedDescriptor: publishedDescriptor) {
                case .published: offsets.append(recursiveFieldOffset(type, index: index))
                case .other: break
                case .unknown: return nil
                }
                index += 1
            }
        }
        // The records must be the runtime's fields, one for one.
        guard index == recursiveFieldCount(type) else { return nil }
        return offsets
    }

    private enum Shape { case published, other, unknown }

    /// What the mangled type name at `name` says of its type.
    private static func shape(ofTypeNamed name: UnsafePointer<UInt8>, publishedDescriptor: UInt) -> Shape {
        let first = name[0]
        switch first {
        case 1, 2:
            // A direct (1) or indirect (2) reference to a context descriptor: a relative offset
            // from the byte after the kind, to the descriptor or to a pointer to it.
            let base = UnsafeRawPointer(name + 1)
            var target = UInt(bitPattern: base + Int(base.loadUnaligned(as: Int32.self)))
            if first == 2 { target = UnsafeRawPointer(bitPattern: target)!.load(as: UInt.self) }
            guard target == publishedDescriptor else { return .other }
            guard name[5] == UInt8(ascii: "y") else { return .unknown }
            // Spelled last, the outermost type: the `G` closing `Published`'s arguments, or
            // what is built on it (`Sg`, an Optional of it).
            return lastByte(ofMangledName: name) == UInt8(ascii: "G") ? .published : .other
        case 0, 3...0x1F, UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "x"), UInt8(ascii: "q"):
            // No name, other symbolic references, a textual module and type name, a generic
            // parameter.
            return .unknown
        default:
            // A standard-library or C type, a tuple or function type: its outermost type is
            // not a `Published`, whose reference would come first.
            return .other
        }
    }

    /// A mangled name's last byte: symbolic references are a kind byte and 4 (kinds 1–0x17)
    /// or 8 (0x18–0x1F) bytes of pointer, which may hold zeros; the name ends at a zero byte.
    private static func lastByte(ofMangledName name: UnsafePointer<UInt8>) -> UInt8 {
        var index = 0
        var last: UInt8 = 0
        while name[index] != 0 {
            last = name[index]
            switch last {
            case 1...0x17: index += 5
            case 0x18...0x1F: index += 9
            default: index += 1
            }
        }
        return last
    }

    /// A class's field records, or nil when its descriptor or records are not as expected.
    private struct Records {
        let first: UnsafeRawPointer
        let count: Int

        /// The mangled type name of field `index`; nil for a record without one.
        func typeName(at index: Int) -> UnsafePointer<UInt8>? {
            let field = first + index * Self.recordSize + 4
            let offset = Int(field.load(as: Int32.self))
            return offset == 0 ? nil : (field + offset).assumingMemoryBound(to: UInt8.self)
        }

        static let recordSize = 12
    }

    private static func records(of someClass: AnyClass) -> Records? {
        let metadata = unsafeBitCast(someClass, to: UnsafeRawPointer.self)
        guard let descriptor = swift_getTypeContextDescriptor(metadata),
            descriptor.load(as: UInt32.self) & 0x1F == classContextKind
        else { return nil }
        let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
        guard fieldsOffset != 0 else { return nil }
        let fields = descriptor + 16 + Int(fieldsOffset)
        guard fields.load(fromByteOffset: 8, as: UInt16.self) == classFieldsKind,
            Int(fields.load(fromByteOffset: 10, as: UInt16.self)) == Records.recordSize
        else { return nil }
        return Records(first: fields + 16, count: Int(fields.load(fromByteOffset: 12, as: UInt32.self)))
    }

    /// `ContextDescriptorKind::Class` and `FieldDescriptorKind::Class`.
    private static let classContextKind: UInt32 = 16
    private static let classFieldsKind: UInt16 = 1
}

// The runtime's own field numbering, as the standard library's `_forEachField` reads it.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func recursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func recursiveFieldOffset(_ type: Any.Type, index: Int) -> Int

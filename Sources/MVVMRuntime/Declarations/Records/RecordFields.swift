/// A record's fields as read from C, by name: what a record's `make` builds the model from
/// (`Item(id: fields["id"], title: fields["title"], …)`). Every field was checked before
/// `make` runs (strings not NULL unless optional, valid UTF-8; bools 0 or 1; enums one of
/// their cases).
public struct RecordFields {
    /// The C parameter the record came in ("arguments[0]", "answer"), for refusals.
    let parameter: String
    let names: [String]
    let values: [Value]
    /// The Swift value of each enum field, by field index.
    let enumValues: [Int: any Sendable]

    /// The field named `name`, as the Swift type its declaration reads. Asking for a name the
    /// record does not declare, or as another type, is a programming error of the record's
    /// declaration (it traps, naming both).
    public subscript<T: RecordFieldType>(name: String) -> T {
        let index = index(of: name)
        guard let value = T(recordField: values[index]) else {
            preconditionFailure("the record's field \"\(name)\" (\(values[index].kind)) is not a \(T.self)")
        }
        return value
    }

    /// The enum field named `name` (declared with `.field(name, read, enumeration)`), as its
    /// Swift enum.
    public subscript<T: Sendable>(enumField name: String) -> T {
        let index = index(of: name)
        guard let value = enumValues[index] as? T else {
            preconditionFailure("the record's field \"\(name)\" is not an enum field of type \(T.self)")
        }
        return value
    }

    /// The field named `name`, a `DeclaredEnum` (what an `@Record`'s initialiser call reads).
    public subscript<T: DeclaredEnum>(name: String) -> T { self[enumField: name] }

    /// The error a `make` throws to refuse the value: MVVM_E_INVALID_ARGUMENT, naming the C
    /// parameter and the field ("answer.quantity must not be negative").
    public func refusal(_ field: String, _ reason: String) -> APIError {
        .invalidArgument("\(parameter).\(field) \(reason)")
    }

    private func index(of name: String) -> Int {
        guard let index = names.firstIndex(of: name) else {
            preconditionFailure("the record has no field \"\(name)\"; its fields are \(names)")
        }
        return index
    }
}

/// A Swift type a record field can be read as (`RecordFields`' subscript).
public protocol RecordFieldType {
    init?(recordField value: Value)
}

extension Int: RecordFieldType {
    public init?(recordField value: Value) {
        guard case .int64(let number) = value, let exact = Int(exactly: number) else { return nil }
        self = exact
    }
}

extension Int64: RecordFieldType {
    public init?(recordField value: Value) {
        guard case .int64(let number) = value else { return nil }
        self = number
    }
}

extension Int32: RecordFieldType {
    public init?(recordField value: Value) {
        guard case .int32(let number) = value else { return nil }
        self = number
    }
}

extension Bool: RecordFieldType {
    public init?(recordField value: Value) {
        guard case .bool(let flag) = value else { return nil }
        self = flag
    }
}

extension Double: RecordFieldType {
    public init?(recordField value: Value) {
        guard case .double(let number) = value else { return nil }
        self = number
    }
}

extension String: RecordFieldType {
    public init?(recordField value: Value) {
        guard case .string(let text) = value else { return nil }
        self = text
    }
}

extension Optional: RecordFieldType where Wrapped == String {
    public init?(recordField value: Value) {
        switch value {
        case .none: self = .none
        case .string(let text): self = text
        default: return nil
        }
    }
}

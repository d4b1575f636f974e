// The builders an `@HostInterface` expansion calls, overloaded on the Swift types of a
// requirement's parameters and result, as `ExportedMembers.swift`'s are for `@ViewModel`.

extension HostInterfaceDeclaration.Argument {
    public static func exported(_ name: String, _ type: Int.Type) -> Self { .int64(name) }
    public static func exported(_ name: String, _ type: String.Type) -> Self { .string(name) }
    public static func exported(_ name: String, _ type: Bool.Type) -> Self { .bool(name) }
    public static func exported(_ name: String, _ type: Double.Type) -> Self { .double(name) }
    public static func exported<R: RecordValue>(_ name: String, _ type: R.Type) -> Self { .record(name, R.self) }
}

extension HostAnswerShape {
    /// A requirement returning records: the host answers with a list of them.
    public static func exported<R: RecordValue>(_ type: [R].Type) -> Self { .list(R.valueKind) }
    /// A requirement returning a record: the host answers with one.
    public static func exported<R: RecordValue>(_ type: R.Type) -> Self { .value(R.valueKind) }
    public static func exported(_ type: Int.Type) -> Self { .value(.int64) }
    public static func exported(_ type: String.Type) -> Self { .value(.string) }
    public static func exported(_ type: Bool.Type) -> Self { .value(.bool) }
    public static func exported(_ type: Double.Type) -> Self { .value(.double) }
}

extension HostAnswer {
    /// The answer as the requirement's result type (the request table checked its shape).
    public func exported<R: RecordValue>() -> [R] { records(R.self) }
    public func exported<R: RecordValue>() -> R { record(R.self) }
    public func exported() -> Int {
        guard case .int64(let number) = value else { preconditionFailure("not an int64 answer: \(self)") }
        return Int(number)
    }
    public func exported() -> String {
        guard case .string(let text) = value else { preconditionFailure("not a string answer: \(self)") }
        return text
    }
    public func exported() -> Bool {
        guard case .bool(let flag) = value else { preconditionFailure("not a bool answer: \(self)") }
        return flag
    }
    public func exported() -> Double {
        guard case .double(let number) = value else { preconditionFailure("not a double answer: \(self)") }
        return number
    }
}

extension Value {
    /// A Swift value as the `Value` the C side gets: a host requirement's argument, an
    /// `@ViewModel` command's result (a nil record: `.none`).
    public static func exported(_ value: Int) -> Value { .int64(Int64(value)) }
    public static func exported(_ value: String) -> Value { .string(value) }
    public static func exported(_ value: Bool) -> Value { .bool(value) }
    public static func exported(_ value: Double) -> Value { .double(value) }
    public static func exported<R: RecordValue>(_ value: R) -> Value { .record(value) }
    public static func exported<R: RecordValue>(_ value: R?) -> Value { value.map { .record($0) } ?? .none }
}

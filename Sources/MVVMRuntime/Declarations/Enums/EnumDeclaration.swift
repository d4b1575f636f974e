/// A Swift enum the C API carries as a C enum (`int32_t`), declared once:
///
/// ```swift
/// let noteSortDeclaration = EnumDeclaration<NoteSort>(name: "NoteSort", doc: "How notes are ordered.", cases: [
///     .case("updated", .updated, doc: "Newest first."), .case("title", .title)])
/// try registry.register(enumeration: noteSortDeclaration, prefix: "app")  // app_item_sort, NOTES_NOTE_SORT_TITLE
/// ```
///
/// Cases are numbered by position from 0 unless a case gives its number; a case of an enum with
/// payloads matches with a predicate (`.case("loaded", where: { if case .loaded = $0 { true } else { false } })`).
/// From it follow the C enum in the application's header, `mvvm_enum_describe()`, the
/// property's `enum_name` in introspection and the Python `IntEnum` built from the description.
public struct EnumDeclaration<Model>: Sendable {
    /// The enum's name ("NoteSort"): its C type is `<prefix>_<snake_case name>`.
    public let name: String
    public let doc: String
    public let cases: [EnumCase<Model>]
    /// Each case's number, parallel to `cases`.
    public let numbers: [Int32]

    public init(name: String, doc: String = "", cases: [EnumCase<Model>]) {
        self.name = name
        self.doc = doc
        self.cases = cases
        var numbers: [Int32] = []
        var next: Int32 = 0
        for enumCase in cases {
            let number = enumCase.number ?? next
            numbers.append(number)
            next = number + 1
        }
        self.numbers = numbers
    }

    /// The number of the case `value` is; a value no case matches is a programming error of
    /// the declaration (it traps, naming the enum).
    func number(of value: Model) -> Int32 {
        // An index loop: this generic code runs unspecialised, where an enumerated sequence of
        // `EnumCase<Model>` looked up type metadata at every step.
        for index in cases.indices where cases[index].matches(value) { return numbers[index] }
        preconditionFailure("no case of the enum \(name) matches \(value)")
    }

    /// The value of the case numbered `number`, for a host's write: refused when no case has
    /// that number, or when the case is matched by a predicate (it names no single value).
    func value(ofNumber number: Int64) throws(APIError) -> Model {
        guard let index = numbers.firstIndex(where: { Int64($0) == number }) else {
            let known = zip(cases, numbers).map { "\($1) (\($0.name))" }.joined(separator: ", ")
            throw .invalidArgument("\(number) is not a \(name): its cases are \(known).")
        }
        guard let value = cases[index].value else {
            throw .invalidArgument("The \(name) case \(cases[index].name) carries a value: it cannot be set by its number.")
        }
        return value()
    }
}

/// One case of a declared enum.
public struct EnumCase<Model>: Sendable {
    /// snake_case ("full_screen"): the C constant is `<PREFIX>_<ENUM>_FULL_SCREEN`.
    public let name: String
    public let doc: String
    let number: Int32?
    let matches: @Sendable (Model) -> Bool
    /// The case's value when it is one value (not a predicate): what a host's write of its
    /// number sets.
    let value: (@Sendable () -> Model)?

    /// A case matched by a predicate (for enums with payloads).
    public static func `case`(
        _ name: String, number: Int32? = nil, doc: String = "", where matches: @escaping @Sendable (Model) -> Bool
    ) -> Self {
        Self(name: name, doc: doc, number: number, matches: matches, value: nil)
    }
}

extension EnumCase where Model: Equatable & Sendable {
    /// The case that is `value`.
    public static func `case`(_ name: String, _ value: Model, number: Int32? = nil, doc: String = "") -> Self {
        Self(name: name, doc: doc, number: number, matches: { $0 == value }, value: { value })
    }
}

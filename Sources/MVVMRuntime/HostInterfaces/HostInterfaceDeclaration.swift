/// A protocol of the application that a host implements (UniFFI's callback interfaces): a
/// repository whose data lives in the host. Declared once; from it follow the C function table
/// the host fills (`app_store_vtable`: `uint32_t struct_size` first, then one function
/// pointer per member, in member order, so the table grows only at its end), the requests the
/// host answers from any thread, its introspection (`mvvm_interface_describe()`), and the
/// Python base class.
///
/// Every method is called on the host thread as `void method(void *user_data, mvvm_request
/// *request, arguments...)`; strings and records among the arguments are lent for the call.
/// The host answers the request at once or later, from any thread, with the resolve function
/// its answer shape names (`mvvm_request_resolve()`, `mvvm_request_resolve_list()`) or with
/// `mvvm_request_fail()`. A `.cancel` member is called when nobody waits for a request any more.
///
/// The application's Swift side is a thin adapter: a class implementing its protocol by
/// `HostImplementation.call(_:_:)` (Examples/Notes has one).
public final class HostInterfaceDeclaration: Sendable {
    /// An argument of a method, passed by value (numbers) or lent for the call (strings, records).
    public struct Argument: Sendable {
        public let name: String
        public let kind: ValueKind

        /// int32_t, 0 or 1.
        public static func bool(_ name: String) -> Self { Self(name: name, kind: .bool) }
        public static func int32(_ name: String) -> Self { Self(name: name, kind: .int32) }
        public static func int64(_ name: String) -> Self { Self(name: name, kind: .int64) }
        public static func double(_ name: String) -> Self { Self(name: name, kind: .double) }
        /// const char *, UTF-8.
        public static func string(_ name: String) -> Self { Self(name: name, kind: .string) }
        /// const RECORD *, a registered record.
        public static func record<R: RecordValue>(_ name: String, _ type: R.Type) -> Self { Self(name: name, kind: R.valueKind) }

        /// The parameter in C: numbers by value, strings and records lent for the call.
        public var cParameter: CParameter {
            .input(name, kind.record.map { CType.lentRecord($0.cType) } ?? kind.cType)
        }
    }

    /// One function pointer of the table.
    public struct Member: Sendable {
        /// The struct field's name (snake_case), and the Python method's.
        public let name: String
        public let doc: String
        public let arguments: [Argument]
        /// The answer a request of this method expects; nil for the `cancel` member.
        public let answer: HostAnswerShape?
        /// The host may leave it NULL (then calling it fails with a message).
        public let isOptional: Bool

        public var isCancel: Bool { answer == nil }

        /// A method: `void NAME(void *user_data, mvvm_request *request, arguments...)`.
        public static func method(
            _ name: String, _ doc: String, arguments: [Argument] = [], answer: HostAnswerShape, optional: Bool = false
        ) -> Self {
            Self(name: name, doc: doc, arguments: arguments, answer: answer, isOptional: optional)
        }

        /// `void cancel(void *user_data, mvvm_request *request)`, optional: nobody waits for
        /// `request` any more (it was finished at once; answering it gives MVVM_E_NOT_FOUND).
        public static var cancel: Self {
            Self(
                name: "cancel", doc: "Nobody waits for `request` any more: stop its work (answering it now gives MVVM_E_NOT_FOUND). Optional.",
                arguments: [], answer: nil, isOptional: true)
        }

        /// The C type of the host's function: `void NAME(void *user_data, mvvm_request *request, arguments...)`.
        public var cFunction: CFunctionType {
            CFunctionType(result: .void, parameters: [.input("user_data", .userData), .input("request", .request)] + arguments.map(\.cParameter))
        }

        /// The field as the C struct declares it.
        package var cDeclaration: String { cFunction.field(name) }
    }

    /// The protocol's name ("ItemStore"): `mvvm_interface_info.name`, the Python class's.
    public let name: String
    /// The C struct: the namespace, the name in snake case, "_vtable"; the namespace is not
    /// repeated when the name starts with it (`app_store_vtable`).
    public let cType: String
    public let summary: String
    /// In struct order.
    public let members: [Member]
    /// A version of the table before its newest members were added: a host built against it
    /// fills a shorter table, which is accepted, the members after its end read as NULL.
    public struct EarlierVersion: Sendable {
        /// The release that had it ("0.1"): the header's `CTYPE_SIZE_0_1` macro.
        public let version: String
        /// How many members it ended after.
        public let memberCount: Int

        /// The table of `version`, which ended after its first `members` members.
        public static func version(_ version: String, members: Int) -> Self { Self(version: version, memberCount: members) }
    }

    /// The table's earlier versions, oldest first. Tables grow only at the end, so an earlier
    /// version is a prefix (its `struct_size` is `size(ofMembers:)` of its count); every
    /// member past it must be optional.
    public let earlierVersions: [EarlierVersion]

    /// The member counts of `earlierVersions`.
    var earlierMemberCounts: [Int] { earlierVersions.map(\.memberCount) }

    public init(name: String, cNamespace: String, summary: String, members: [Member], earlierVersions: [EarlierVersion] = []) {
        let snake = CName.snakeCase(name)
        self.name = name
        self.cType = (snake.hasPrefix(cNamespace + "_") ? snake : "\(cNamespace)_\(snake)") + "_vtable"
        self.summary = summary
        self.members = members
        self.earlierVersions = earlierVersions
        precondition(Set(members.map(\.name)).count == members.count, "\(name) declares a member twice")
        precondition(members.filter(\.isCancel).count <= 1, "\(name) declares cancel twice")
        for count in earlierVersions.map(\.memberCount) {
            precondition((0..<members.count).contains(count), "\(name): an earlier version has 0 to \(members.count - 1) members, not \(count)")
            precondition(members[count...].allSatisfy(\.isOptional), "\(name): the members added after version \(count) must be optional")
        }
    }

    /// The header's macro for the `struct_size` of an earlier version: `CTYPE_SIZE_0_1`.
    public func sizeMacro(of version: EarlierVersion) -> String {
        "\(cType.uppercased())_SIZE_" + version.version.map { $0.isNumber || $0.isLetter ? String($0) : "_" }.joined()
    }

    /// sizeof the C struct: `struct_size` padded to a pointer, then the pointers.
    public var size: Int { size(ofMembers: members.count) }

    /// The `struct_size` of a table that ends after its first `count` members.
    public func size(ofMembers count: Int) -> Int { Self.firstFunctionOffset + MemoryLayout<UnsafeRawPointer>.size * count }

    /// The `struct_size`s a host may give, newest first.
    var acceptedSizes: [Int] { [size] + earlierMemberCounts.reversed().map(size(ofMembers:)) }

    /// offsetof the first function pointer.
    static var firstFunctionOffset: Int { MemoryLayout<UnsafeRawPointer>.alignment }

    func offset(ofMember index: Int) -> Int { Self.firstFunctionOffset + MemoryLayout<UnsafeRawPointer>.size * index }

    /// The member named `name`, if any.
    func memberIndex(named name: String) -> Int? { members.firstIndex { $0.name == name } }
}

import CMVVM
import Glibc

/// The descriptions of every object type, and their C form for `mvvm_type_describe()`.
enum TypeCatalog {
    /// Every type the runtime has, in mvvm_type order.
    static let descriptions: [TypeDescription] = [
        RepositoryObject.typeDescription,
        UserListObject.typeDescription,
        UserDetailObject.typeDescription,
        PostDetailObject.typeDescription,
        SortedIntegersObject.typeDescription,
        StopwatchObject.typeDescription,
        CoordinatorObject.typeDescription,
    ]

    static func name(of type: mvvm_type) -> String {
        descriptions.first { $0.type == type }?.name ?? "object of type \(type.rawValue)"
    }

    static func description(of type: mvvm_type) -> TypeDescription? {
        descriptions.first { $0.type == type }
    }

    /// The C tables, built once on first use (thread-safe: a lazy global) and never freed.
    private static let cTables: CTables = CTables(descriptions)

    static func cInfo(of type: mvvm_type) -> UnsafePointer<mvvm_type_info>? {
        cTables.infos[type.rawValue]
    }
}

/// Static C copies of the descriptions. Immutable after construction, so sharing the
/// pointers across threads is safe.
private struct CTables: @unchecked Sendable {
    let infos: [UInt32: UnsafePointer<mvvm_type_info>]

    init(_ descriptions: [TypeDescription]) {
        var infos: [UInt32: UnsafePointer<mvvm_type_info>] = [:]
        for description in descriptions {
            var members: [mvvm_member_info] = []
            for property in description.properties {
                members.append(mvvm_member_info(
                    name: StaticCStrings.make(property.name), kind: MVVM_MEMBER_PROPERTY,
                    function: StaticCStrings.make(property.getter), c_signature: StaticCStrings.make(property.getterSignature)))
            }
            for command in description.commands {
                members.append(mvvm_member_info(
                    name: StaticCStrings.make(command.name), kind: MVVM_MEMBER_COMMAND,
                    function: StaticCStrings.make(command.function), c_signature: StaticCStrings.make(command.signature)))
            }
            for signal in description.signals {
                members.append(mvvm_member_info(
                    name: StaticCStrings.make(signal.name), kind: MVVM_MEMBER_SIGNAL,
                    function: nil, c_signature: StaticCStrings.make(signal.shape.cSignature)))
            }
            let table = UnsafeMutablePointer<mvvm_member_info>.allocate(capacity: max(members.count, 1))
            table.initialize(from: members, count: members.count)
            let info = UnsafeMutablePointer<mvvm_type_info>.allocate(capacity: 1)
            info.initialize(to: mvvm_type_info(
                type: description.type, name: StaticCStrings.make(description.name),
                member_count: members.count, members: table))
            infos[description.type.rawValue] = UnsafePointer(info)
        }
        self.infos = infos
    }
}

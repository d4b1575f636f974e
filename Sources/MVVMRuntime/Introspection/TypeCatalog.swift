import CMVVM
import Dispatch
import Glibc
import MVVMFeatures

/// Every exported type's declaration, and their C form for `mvvm_type_describe()`.
package enum TypeCatalog {
    /// Every type the runtime has, in mvvm_type order. A new type adds its declaration here.
    static let declarations: [TypeDeclaration] = [
        RepositoryObject.declaration,
        UserListViewModel.declaration,
        UserDetailViewModel.declaration,
        PostDetailViewModel.declaration,
        SortedIntegersViewModel.declaration,
        StopwatchViewModel.declaration,
        AppCoordinator.declaration,
        UserSearchViewModel<DispatchQueue>.declaration,
    ]

    static func name(of type: mvvm_type) -> String {
        declaration(of: type)?.name ?? "object of type \(type.rawValue)"
    }

    static func declaration(of type: mvvm_type) -> TypeDeclaration? {
        let index = Int(type.rawValue) - 1
        return declarations.indices.contains(index) ? declarations[index] : nil
    }

    /// The C tables, built once on first use (thread-safe: a lazy global) and never freed.
    private static let cTables: CTables = CTables(declarations)

    static func cInfo(of type: mvvm_type) -> UnsafePointer<mvvm_type_info>? {
        cTables.infos[type.rawValue]
    }
}

/// Static C copies of the declarations. Immutable after construction, so sharing the
/// pointers across threads is safe.
private struct CTables: @unchecked Sendable {
    let infos: [UInt32: UnsafePointer<mvvm_type_info>]

    init(_ declarations: [TypeDeclaration]) {
        var infos: [UInt32: UnsafePointer<mvvm_type_info>] = [:]
        for (position, declaration) in declarations.enumerated() {
            precondition(Int(declaration.type.rawValue) == position + 1, "declarations are listed in mvvm_type order")
            let members = declaration.members
            let table = UnsafeMutablePointer<mvvm_member_info>.allocate(capacity: max(members.count, 1))
            let shapes = UnsafeMutablePointer<mvvm_member_shape>.allocate(capacity: max(members.count, 1))
            for (index, member) in members.enumerated() {
                (table + index).initialize(to: mvvm_member_info(
                    name: StaticCStrings.make(member.name), kind: mvvm_member_kind(UInt32(member.kind.rawValue)),
                    function: member.function.map(StaticCStrings.make), c_signature: StaticCStrings.make(member.cSignature)))
                var arguments: UnsafeMutablePointer<mvvm_argument_info>?
                if !member.arguments.isEmpty {
                    arguments = .allocate(capacity: member.arguments.count)
                    for (i, argument) in member.arguments.enumerated() {
                        (arguments! + i).initialize(to: mvvm_argument_info(
                            name: StaticCStrings.make(argument.name), kind: mvvm_value_kind(UInt32(argument.valueKind.rawValue))))
                    }
                }
                var flags: UInt32 = 0
                if member.isSettable { flags |= MVVM_MEMBER_SETTABLE.rawValue }
                if member.isNullable { flags |= MVVM_MEMBER_NULLABLE.rawValue }
                (shapes + index).initialize(to: mvvm_member_shape(
                    value_kind: mvvm_value_kind(UInt32(member.valueKind.rawValue)), flags: flags,
                    enum_name: member.enumName.map(StaticCStrings.make), related: member.relatedName.map(StaticCStrings.make),
                    count: member.countName.map(StaticCStrings.make), argument_count: member.arguments.count,
                    arguments: arguments.map { UnsafePointer($0) }, doc: StaticCStrings.make(member.doc)))
            }
            let info = UnsafeMutablePointer<mvvm_type_info>.allocate(capacity: 1)
            info.initialize(to: mvvm_type_info(
                type: declaration.type, name: StaticCStrings.make(declaration.name),
                member_count: members.count, members: table, shapes: shapes))
            infos[declaration.type.rawValue] = UnsafePointer(info)
        }
        self.infos = infos
    }
}

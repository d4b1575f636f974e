import CMVVM

/// The registered types in their C form, for `mvvm_type_describe()` and `mvvm_type_list()`.
package enum TypeCatalog {
    /// Every registered type, in mvvm_type order.
    package static var declarations: [TypeDeclaration] { TypeRegistry.shared.declarations }

    static func name(of type: mvvm_type) -> String {
        declaration(of: type)?.name ?? "object of type \(type)"
    }

    static func declaration(of type: mvvm_type) -> TypeDeclaration? {
        TypeRegistry.shared.declaration(of: type)
    }

    /// The C tables, built once on first use (thread-safe: a lazy global, built after the
    /// registry is sealed) and never freed.
    private static let cTables: CTables = CTables(TypeRegistry.shared.declarations)

    static func cInfo(of type: mvvm_type) -> UnsafePointer<mvvm_type_info>? {
        cTables.infos[type]
    }

    /// Every registered type's number, in order: a static array and its count.
    static var typeList: (types: UnsafePointer<mvvm_type>, count: Int) {
        (cTables.typeList, cTables.infos.count)
    }
}

/// Static C copies of the declarations. Immutable after construction, so sharing the
/// pointers across threads is safe.
private struct CTables: @unchecked Sendable {
    let infos: [mvvm_type: UnsafePointer<mvvm_type_info>]
    let typeList: UnsafePointer<mvvm_type>

    init(_ declarations: [TypeDeclaration]) {
        var infos: [mvvm_type: UnsafePointer<mvvm_type_info>] = [:]
        let list = UnsafeMutablePointer<mvvm_type>.allocate(capacity: max(declarations.count, 1))
        for (position, declaration) in declarations.enumerated() {
            precondition(Int(declaration.type) == position + 1, "declarations are listed in mvvm_type order")
            (list + position).initialize(to: declaration.type)
            let members = declaration.members
            let table = UnsafeMutablePointer<mvvm_member_info>.allocate(capacity: max(members.count, 1))
            let shapes = UnsafeMutablePointer<mvvm_member_shape>.allocate(capacity: max(members.count, 1))
            let functions = UnsafeMutablePointer<mvvm_c_function>.allocate(capacity: max(members.count, 1))
            for (index, member) in members.enumerated() {
                (table + index).initialize(
                    to: mvvm_member_info(
                        name: StaticCStrings.make(member.name), kind: mvvm_member_kind(UInt32(member.kind.rawValue)),
                        function: member.function.map(StaticCStrings.make), c_signature: StaticCStrings.make(member.cSignature)))
                var arguments: UnsafeMutablePointer<mvvm_argument_info>?
                if !member.arguments.isEmpty {
                    arguments = .allocate(capacity: member.arguments.count)
                    for (i, argument) in member.arguments.enumerated() {
                        (arguments! + i).initialize(
                            to: mvvm_argument_info(
                                name: StaticCStrings.make(argument.name), kind: mvvm_value_kind(UInt32(argument.valueKind.rawValue))))
                    }
                }
                var flags: UInt32 = 0
                if member.isSettable { flags |= MVVM_MEMBER_SETTABLE.rawValue }
                if member.isNullable { flags |= MVVM_MEMBER_NULLABLE.rawValue }
                (shapes + index).initialize(
                    to: mvvm_member_shape(
                        value_kind: mvvm_value_kind(UInt32(member.valueKind.rawValue)), flags: flags,
                        enum_name: member.enumName.map(StaticCStrings.make), related: member.relatedName.map(StaticCStrings.make),
                        count: member.countName.map(StaticCStrings.make), argument_count: member.arguments.count,
                        arguments: arguments.map { UnsafePointer($0) }, doc: StaticCStrings.make(member.doc)))
                (functions + index).initialize(to: Self.cFunction(member.cFunction))
            }
            let constructors = declaration.constructors
            var constructorTable: UnsafeMutablePointer<mvvm_constructor_info>?
            if !constructors.isEmpty {
                constructorTable = .allocate(capacity: constructors.count)
                for (index, constructor) in constructors.enumerated() {
                    (constructorTable! + index).initialize(
                        to: mvvm_constructor_info(
                            name: StaticCStrings.make(constructor.name), function: StaticCStrings.make(constructor.function(of: declaration)),
                            doc: StaticCStrings.make(constructor.doc), c_function: Self.cFunction(constructor.cFunction(of: declaration))))
                }
            }
            let info = UnsafeMutablePointer<mvvm_type_info>.allocate(capacity: 1)
            info.initialize(
                to: mvvm_type_info(
                    type: declaration.type, name: StaticCStrings.make(declaration.name),
                    member_count: members.count, members: table, shapes: shapes, functions: functions,
                    constructor_count: constructors.count, constructors: constructorTable.map { UnsafePointer($0) }))
            infos[declaration.type] = UnsafePointer(info)
        }
        self.infos = infos
        self.typeList = UnsafePointer(list)
    }

    /// `function` as static C data.
    private static func cFunction(_ function: CFunctionType) -> mvvm_c_function {
        let parameters = UnsafeMutablePointer<mvvm_c_parameter>.allocate(capacity: max(function.parameters.count, 1))
        for (index, parameter) in function.parameters.enumerated() {
            let type = parameter.type
            (parameters + index).initialize(
                to: mvvm_c_parameter(
                    name: StaticCStrings.make(parameter.name), base: mvvm_c_base(UInt32(type.base.rawValue)),
                    type_name: type.name.map(StaticCStrings.make), pointers: UInt32(type.pointers), is_const: type.isConst ? 1 : 0,
                    direction: mvvm_c_direction(UInt32(parameter.direction.rawValue)),
                    ownership: mvvm_c_ownership(UInt32(parameter.ownership.rawValue)), spelling: StaticCStrings.make(type.spelling)))
        }
        return mvvm_c_function(
            result: mvvm_c_base(UInt32(function.result.base.rawValue)), parameter_count: function.parameters.count,
            parameters: UnsafePointer(parameters))
    }
}

import CMVVM

/// The host interfaces of the registered types in their C form, for
/// `mvvm_interface_describe()`: built once on first use (after the registry is sealed) and
/// never freed, so the pointers are safe to hand to any thread.
enum HostInterfaceCatalog {
    private static let table = HostInterfaceTable(TypeRegistry.shared.declarations)

    static func cInfo(of type: mvvm_type) -> UnsafePointer<mvvm_interface_info>? { table.infos[type] }
}

private struct HostInterfaceTable: @unchecked Sendable {
    let infos: [mvvm_type: UnsafePointer<mvvm_interface_info>]

    init(_ declarations: [TypeDeclaration]) {
        var infos: [mvvm_type: UnsafePointer<mvvm_interface_info>] = [:]
        for declaration in declarations {
            guard let interface = declaration.hostInterface else { continue }
            let members = UnsafeMutablePointer<mvvm_interface_member>.allocate(capacity: max(interface.members.count, 1))
            for (index, member) in interface.members.enumerated() {
                let arguments = UnsafeMutablePointer<mvvm_interface_argument>.allocate(capacity: max(member.arguments.count, 1))
                for (position, argument) in member.arguments.enumerated() {
                    (arguments + position).initialize(
                        to: mvvm_interface_argument(
                            name: StaticCStrings.make(argument.name), kind: mvvm_value_kind(UInt32(argument.kind.rawValue))))
                }
                let (answer, answerKind) = Self.cAnswer(member.answer)
                (members + index).initialize(
                    to: mvvm_interface_member(
                        name: StaticCStrings.make(member.name), doc: StaticCStrings.make(member.doc),
                        argument_count: member.arguments.count, arguments: arguments, answer: answer,
                        answer_kind: mvvm_value_kind(UInt32(answerKind.rawValue)), optional: member.isOptional ? 1 : 0,
                        offset: interface.offset(ofMember: index), c_declaration: StaticCStrings.make(member.cDeclaration)))
            }
            let info = UnsafeMutablePointer<mvvm_interface_info>.allocate(capacity: 1)
            info.initialize(
                to: mvvm_interface_info(
                    name: StaticCStrings.make(interface.name), c_type: StaticCStrings.make(interface.cType),
                    doc: StaticCStrings.make(interface.summary), type: declaration.type, size: interface.size,
                    member_count: interface.members.count, members: members))
            infos[declaration.type] = UnsafePointer(info)
        }
        self.infos = infos
    }

    private static func cAnswer(_ shape: HostAnswerShape?) -> (mvvm_host_answer, ValueKind) {
        switch shape {
        case nil: (MVVM_HOST_ANSWER_NONE, .none)
        case .nothing: (MVVM_HOST_ANSWER_NOTHING, .none)
        case .value(let kind): (MVVM_HOST_ANSWER_VALUE, kind)
        case .list(let kind): (MVVM_HOST_ANSWER_LIST, kind)
        case .custom: (MVVM_HOST_ANSWER_CUSTOM, .none)
        }
    }
}

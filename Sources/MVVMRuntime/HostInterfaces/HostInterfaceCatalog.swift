import CMVVM

/// The host interfaces of the registered types in their C form, for
/// `mvvm_interface_describe()` and `mvvm_interface_find()`: built once on first use (after the
/// registry is sealed) and never freed, so the pointers are safe to hand to any thread.
enum HostInterfaceCatalog {
    private static let table = HostInterfaceTable(TypeRegistry.shared.declarations)

    /// The interface of `type`'s host constructor.
    static func cInfo(of type: mvvm_type) -> UnsafePointer<mvvm_interface_info>? { table.hostConstructorInfos[type] }

    /// Any registered interface, by its name.
    static func cInfo(named name: String) -> UnsafePointer<mvvm_interface_info>? { table.infosByName[name] }

    /// Every registered interface's name, in registration order, for messages.
    static var names: [String] { table.names }
}

private struct HostInterfaceTable: @unchecked Sendable {
    let hostConstructorInfos: [mvvm_type: UnsafePointer<mvvm_interface_info>]
    let infosByName: [String: UnsafePointer<mvvm_interface_info>]
    let names: [String]

    init(_ declarations: [TypeDeclaration]) {
        var hostConstructorInfos: [mvvm_type: UnsafePointer<mvvm_interface_info>] = [:]
        var infosByName: [String: UnsafePointer<mvvm_interface_info>] = [:]
        var names: [String] = []
        for declaration in declarations {
            for interface in declaration.interfaces {
                precondition(
                    infosByName[interface.name] == nil,
                    "\(declaration.name) declares the host interface \"\(interface.name)\" a second time; interface names are unique (mvvm_interface_find())"
                )
                let info = Self.info(interface, of: declaration.type)
                infosByName[interface.name] = info
                names.append(interface.name)
                if interface === declaration.hostInterface { hostConstructorInfos[declaration.type] = info }
            }
        }
        self.hostConstructorInfos = hostConstructorInfos
        self.infosByName = infosByName
        self.names = names
    }

    private static func info(_ interface: HostInterfaceDeclaration, of type: mvvm_type) -> UnsafePointer<mvvm_interface_info> {
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
                doc: StaticCStrings.make(interface.summary), type: type, size: interface.size,
                member_count: interface.members.count, members: members))
        return UnsafePointer(info)
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

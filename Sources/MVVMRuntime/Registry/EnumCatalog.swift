import CMVVM

/// The registered enums in their C form, for `mvvm_enum_describe()` and `mvvm_enum_list()`:
/// one static array, built on first use (after the registry is sealed) and never freed.
enum EnumCatalog {
    private static let table = EnumTable(TypeRegistry.shared.registeredEnums)

    static var list: (infos: UnsafePointer<mvvm_enum_info>, count: Int) { (table.infos, table.count) }

    static func cInfo(cType: String) -> UnsafePointer<mvvm_enum_info>? {
        table.indexes[cType].map { table.infos + $0 }
    }
}

private struct EnumTable: @unchecked Sendable {
    let infos: UnsafePointer<mvvm_enum_info>
    let count: Int
    let indexes: [String: Int]

    init(_ enums: [RegisteredEnum]) {
        let infos = UnsafeMutablePointer<mvvm_enum_info>.allocate(capacity: max(enums.count, 1))
        var indexes: [String: Int] = [:]
        for (position, registered) in enums.enumerated() {
            let cases = UnsafeMutablePointer<mvvm_enum_case>.allocate(capacity: registered.cases.count)
            for (index, enumCase) in registered.cases.enumerated() {
                (cases + index).initialize(
                    to: mvvm_enum_case(
                        name: StaticCStrings.make(enumCase.name), c_name: StaticCStrings.make(enumCase.cName),
                        value: enumCase.number, doc: StaticCStrings.make(enumCase.doc)))
            }
            (infos + position).initialize(
                to: mvvm_enum_info(
                    name: StaticCStrings.make(registered.name), c_type: StaticCStrings.make(registered.cType),
                    case_count: registered.cases.count, cases: cases, doc: StaticCStrings.make(registered.doc)))
            indexes[registered.cType] = position
        }
        self.infos = UnsafePointer(infos)
        self.count = enums.count
        self.indexes = indexes
    }
}

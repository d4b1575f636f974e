import CMVVM

/// The registered records in their C form, for `mvvm_record_describe()` and
/// `mvvm_record_list()`: built once on first use (a lazy global, after the registry is sealed)
/// and never freed, so the pointers are safe to hand to any thread.
enum RecordCatalog {
    private static let tables = RecordTables(TypeRegistry.shared.registeredRecords)

    static func cInfo(of kind: Int32) -> UnsafePointer<mvvm_record_info>? { tables.infos[kind] }

    static var kindList: (kinds: UnsafePointer<Int32>, count: Int) { (tables.kinds, tables.infos.count) }
}

private struct RecordTables: @unchecked Sendable {
    let infos: [Int32: UnsafePointer<mvvm_record_info>]
    let kinds: UnsafePointer<Int32>

    init(_ records: [RegisteredRecord]) {
        let kinds = UnsafeMutablePointer<Int32>.allocate(capacity: max(records.count, 1))
        var infos: [Int32: UnsafePointer<mvvm_record_info>] = [:]
        for (position, record) in records.enumerated() {
            (kinds + position).initialize(to: record.kind)
            let fields = UnsafeMutablePointer<mvvm_record_field>.allocate(capacity: record.fields.count)
            for (index, field) in record.fields.enumerated() {
                (fields + index).initialize(
                    to: mvvm_record_field(
                        name: StaticCStrings.make(field.name), kind: mvvm_value_kind(UInt32(field.kind.valueKind.rawValue)),
                        flags: field.kind.isNullable ? MVVM_MEMBER_NULLABLE.rawValue : 0,
                        offset: record.layout.offsets[index], doc: StaticCStrings.make(field.doc)))
            }
            let enumNames = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(record.fields.count, 1))
            for (index, field) in record.fields.enumerated() {
                (enumNames + index).initialize(to: field.enumCType.map(StaticCStrings.make))
            }
            let info = UnsafeMutablePointer<mvvm_record_info>.allocate(capacity: 1)
            info.initialize(
                to: mvvm_record_info(
                    kind: record.kind, name: StaticCStrings.make(record.name), c_type: StaticCStrings.make(record.cType),
                    c_kind: StaticCStrings.make(record.cName), size: record.layout.size, alignment: record.layout.alignment,
                    readable: record.isReadable ? 1 : 0, field_count: record.fields.count, fields: fields,
                    doc: StaticCStrings.make(record.doc), field_enum_names: UnsafePointer(enumNames)))
            infos[record.kind] = UnsafePointer(info)
        }
        self.infos = infos
        self.kinds = UnsafePointer(kinds)
    }
}

import CMVVM

// Introspection of the registered records. Any thread: the registry is sealed before the
// first lookup returns, and the C tables are immutable once built.

@c public func mvvm_record_describe(_ kind: Int32, _ outInfo: UnsafeMutablePointer<UnsafePointer<mvvm_record_info>?>?) -> mvvm_status {
    guard let outInfo else { return LastError.fail(.nullPointer("out_info")) }
    guard let info = RecordCatalog.cInfo(of: kind) else {
        return LastError.fail(.invalidArgument("\(kind) is not a record's value kind; \(recordNames())."))
    }
    outInfo.pointee = info
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_record_find(_ name: UnsafePointer<CChar>?, _ outKind: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    do throws(APIError) {
        let out = try require(outKind, "out_kind")
        let name = try string(from: name, "name")
        guard let record = TypeRegistry.shared.record(named: name) else {
            throw APIError(MVVM_E_UNKNOWN_NAME, "This library has no record named \"\(name)\"; \(recordNames()).")
        }
        out.pointee = record.kind
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_record_list(_ outKinds: UnsafeMutablePointer<UnsafePointer<Int32>?>?, _ outCount: UnsafeMutablePointer<UInt>?) -> mvvm_status {
    do throws(APIError) {
        let kinds = try require(outKinds, "out_kinds")
        let count = try require(outCount, "out_count")
        let list = RecordCatalog.kindList
        kinds.pointee = list.kinds
        count.pointee = UInt(list.count)
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

/// "its records are Item (7), Tag (8)", for messages.
private func recordNames() -> String {
    let records = TypeRegistry.shared.registeredRecords
    guard !records.isEmpty else { return "this library has no records" }
    return "its records are " + records.map { "\($0.name) (\($0.kind))" }.joined(separator: ", ")
}

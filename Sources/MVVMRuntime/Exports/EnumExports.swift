import CMVVM

// Introspection of the registered enums. Any thread (see RecordExports.swift).

@c public func mvvm_enum_describe(_ cType: UnsafePointer<CChar>?, _ outInfo: UnsafeMutablePointer<UnsafePointer<mvvm_enum_info>?>?) -> mvvm_status {
    do throws(APIError) {
        let cType = try string(from: cType, "c_type")
        let out = try require(outInfo, "out_info")
        guard let info = EnumCatalog.cInfo(cType: cType) else {
            let known = TypeRegistry.shared.registeredEnums.map(\.cType)
            throw APIError(
                MVVM_E_UNKNOWN_NAME,
                "This library has no enum \"\(cType)\"; \(known.isEmpty ? "it has no enums" : "its enums are " + known.joined(separator: ", ")).")
        }
        out.pointee = info
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_enum_list(_ outEnums: UnsafeMutablePointer<UnsafePointer<mvvm_enum_info>?>?, _ outCount: UnsafeMutablePointer<UInt>?)
    -> mvvm_status
{
    do throws(APIError) {
        let enums = try require(outEnums, "out_enums")
        let count = try require(outCount, "out_count")
        let list = EnumCatalog.list
        enums.pointee = list.infos
        count.pointee = UInt(list.count)
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

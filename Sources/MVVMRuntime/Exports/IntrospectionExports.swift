import CMVVM

// Introspection: the registered types and their members. Any thread: the registry is sealed
// before the first lookup returns, and the C tables are immutable once built.

@c public func mvvm_type_describe(_ type: mvvm_type, _ outInfo: UnsafeMutablePointer<UnsafePointer<mvvm_type_info>?>?) -> mvvm_status {
    guard let outInfo else { return LastError.fail(.nullPointer("out_info")) }
    guard let info = TypeCatalog.cInfo(of: type) else {
        return LastError.fail(.invalidArgument("\(type) is not an mvvm_type."))
    }
    outInfo.pointee = info
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_type_find(_ name: UnsafePointer<CChar>?, _ outType: UnsafeMutablePointer<mvvm_type>?) -> mvvm_status {
    do throws(APIError) {
        let out = try require(outType, "out_type")
        let name = try string(from: name, "name")
        guard let declaration = TypeRegistry.shared.declaration(named: name) else {
            let known = TypeCatalog.declarations.map(\.name)
            throw APIError(
                MVVM_E_UNKNOWN_NAME,
                "This library has no type named \"\(name)\"; \(known.isEmpty ? "it has no types" : "it has: " + known.joined(separator: ", ")).")
        }
        out.pointee = declaration.type
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_type_list(
    _ outTypes: UnsafeMutablePointer<UnsafePointer<mvvm_type>?>?, _ outCount: UnsafeMutablePointer<UInt>?
) -> mvvm_status {
    do throws(APIError) {
        let types = try require(outTypes, "out_types")
        let count = try require(outCount, "out_count")
        let list = TypeCatalog.typeList
        types.pointee = list.types
        count.pointee = UInt(list.count)
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

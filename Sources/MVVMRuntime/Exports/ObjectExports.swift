import CMVVM

@MainActor @c public func mvvm_object_get_type(_ object: OpaquePointer?, _ outType: UnsafeMutablePointer<mvvm_type>?) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outType, "out_type")
        out.pointee = try runtime.object(object).type
    }
}

@MainActor @c public func mvvm_object_destroy(_ object: OpaquePointer?) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let target = try runtime.object(object)
        if let ownership = target.ownership {
            throw APIError(MVVM_E_STATE, "This \(TypeCatalog.name(of: target.type)) is \(ownership).")
        }
        runtime.destroy(target)
    }
}

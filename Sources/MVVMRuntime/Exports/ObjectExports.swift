import CMVVM

@MainActor @c public func mvvm_object_get_type(_ object: OpaquePointer?, _ outType: UnsafeMutablePointer<mvvm_type>?) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outType, "out_type")
        out.pointee = try runtime.object(object).type
    }
}

@MainActor @c public func mvvm_object_destroy(_ object: OpaquePointer?) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        if Journal.isOn { JournalCalls.operation("destroy", object: object) }
        let target = try runtime.object(object)
        guard !target.isOwned else {
            throw APIError(
                MVVM_E_STATE,
                "This \(TypeCatalog.name(of: target.type)) is owned by another object of the library, which frees it (a screen is freed when its stack pops it); the host must not destroy it."
            )
        }
        runtime.destroy(target)
    }
}

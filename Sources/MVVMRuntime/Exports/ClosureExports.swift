import CMVVM

@MainActor @c public func mvvm_command_closure_new(
    _ object: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ outFunction: UnsafeMutablePointer<mvvm_command_fn?>?,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let target = try runtime.object(object)
        let name = try string(from: command, "command")
        let outFunction = try require(outFunction, "out_fn")
        let outID = try require(outID, "out_id")
        let runnable = (TypeCatalog.description(of: target.type)?.commands ?? []).filter { $0.run != nil }
        guard let body = runnable.first(where: { $0.name == name })?.run else {
            let known = runnable.map(\.name).joined(separator: ", ")
            throw APIError(MVVM_E_UNKNOWN_NAME, "A \(TypeCatalog.name(of: target.type)) has no argument-less command \"\(name)\"; it has: \(known).")
        }
        guard let handle = target.handle, let closure = CommandClosure(target: handle, command: body) else {
            throw APIError(MVVM_E_SYSTEM, "libffi could not allocate a closure.")
        }
        runtime.retiredClosures.removeAll()
        outID.pointee = runtime.add(closure)
        outFunction.pointee = closure.function
    }
}

@MainActor @c public func mvvm_command_closure_free(_ id: UInt64) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        guard let closure = runtime.closures.removeValue(forKey: id) else {
            throw APIError(MVVM_E_NOT_FOUND, "No command closure has id \(id): it was never issued or is already freed.")
        }
        runtime.retiredClosures.append(closure)
    }
}

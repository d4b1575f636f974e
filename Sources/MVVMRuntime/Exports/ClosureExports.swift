import CMVVM

@MainActor @c public func mvvm_command_closure_new(
    _ object: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ outFunction: UnsafeMutablePointer<mvvm_command_fn?>?,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let target = try runtime.object(object)
        let name = try string(from: command, "command")
        if Journal.isOn {
            JournalCalls.operation("closure_new", object: object)
            JournalCalls.field("member", json: JournalJSON.quoted(name))
        }
        let outFunction = try require(outFunction, "out_fn")
        let outID = try require(outID, "out_id")
        let declaration = target.declaration
        let runnable = declaration.members.indices.filter {
            declaration.members[$0].kind == .command && declaration.members[$0].arguments.isEmpty
        }
        guard let member = runnable.first(where: { declaration.members[$0].name == name }) else {
            let known = runnable.map { declaration.members[$0].name }.joined(separator: ", ")
            throw APIError(
                MVVM_E_UNKNOWN_NAME, "A \(declaration.name) has no argument-less command \"\(name)\"; it has: \(known.isEmpty ? "none" : known).")
        }
        let body: @MainActor (RuntimeObject) -> Void = { object in _ = try? object.declaration.invoke(member, of: object, []) }
        try LibFFI.load(for: "Making a command closure")
        guard let handle = target.handle, let closure = CommandClosure(target: handle, command: body) else {
            throw APIError(MVVM_E_SYSTEM, "libffi could not allocate a closure.")
        }
        runtime.retiredClosures.removeAll()
        outID.pointee = runtime.add(closure)
        closure.id = outID.pointee
        outFunction.pointee = closure.function
        if Journal.isOn { JournalCalls.out(id: outID.pointee) }
    }
}

@MainActor @c public func mvvm_command_closure_free(_ id: UInt64) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        if Journal.isOn {
            JournalCalls.operation("closure_free")
            JournalCalls.field("closure", json: "\(id)")
        }
        guard let closure = runtime.closures.removeValue(forKey: id) else {
            throw APIError(MVVM_E_NOT_FOUND, "No command closure has id \(id): it was never issued or is already freed.")
        }
        runtime.retiredClosures.append(closure)
        LeakReport.ended(.closure(id))
    }
}

import CMVVM

// Answers to host requests: any thread, no runtime check (a request of a runtime that was
// shut down is simply not found), and the calling thread's error message.

@inline(__always)
private func answerCall(_ body: () throws(APIError) -> Void) -> mvvm_status {
    do throws(APIError) {
        try body()
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

@inline(__always)
private func checkedRequest(_ request: OpaquePointer?) throws(APIError) -> OpaquePointer {
    guard let request else { throw .nullPointer("request") }
    return request
}

/// Answers `request` with the `HostAnswer` that an application's own typed resolve function
/// made (a `.custom` one): the same checks and table as the generic resolve functions.
public func resolveHostRequest(_ request: OpaquePointer?, _ answer: () throws(APIError) -> HostAnswer) -> mvvm_status {
    answerCall { () throws(APIError) in
        let request = try checkedRequest(request)
        try HostRequestTable.shared.answer(request, with: .success(try answer()))
    }
}

@c public func mvvm_request_resolve(_ request: OpaquePointer?, _ answer: UnsafePointer<mvvm_value>?) -> mvvm_status {
    resolveHostRequest(request) { () throws(APIError) in
        guard let answer else { return .nothing }
        let value = try Value(copying: answer.pointee, "answer")
        return value == .none ? .nothing : .value(value)
    }
}

@c public func mvvm_request_resolve_list(
    _ request: OpaquePointer?, _ items: UnsafePointer<mvvm_value>?, _ count: UInt
) -> mvvm_status {
    resolveHostRequest(request) { () throws(APIError) in
        guard count > 0 else { return .list([]) }
        guard let items else { throw .invalidArgument("items is NULL but count is \(count).") }
        guard count <= 10_000_000 else { throw .invalidArgument("count \(count) is outside 0...10000000.") }
        var values: [Value] = []
        values.reserveCapacity(Int(count))
        for index in 0..<Int(count) { values.append(try Value(copying: items[index], "items[\(index)]")) }
        return .list(values)
    }
}

@c public func mvvm_request_fail(_ request: OpaquePointer?, _ message: UnsafePointer<CChar>?) -> mvvm_status {
    answerCall { () throws(APIError) in
        let request = try checkedRequest(request)
        let message = try string(from: message, "message")
        try HostRequestTable.shared.answer(request, with: .failure(HostFailure(message: message)))
    }
}

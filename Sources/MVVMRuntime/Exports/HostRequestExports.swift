import CMVVM

// Answers to host requests: any thread, no runtime check (a request of a runtime that was
// shut down is simply not found), and the calling thread's error message.

/// Runs an answer's `body`, which returns the answer it gave; journaled when a journal is on.
@inline(__always)
private func answerCall(
    _ function: StaticString, _ request: OpaquePointer?, _ body: () throws(APIError) -> Result<HostAnswer, any Error>
) -> mvvm_status {
    do throws(APIError) {
        let answer = try body()
        if Journal.isOn { JournalEvents.answer(function, request, answer, MVVM_OK) }
        if let handle = Handle(request) { LeakReport.ended(.request(handle)) }
    } catch {
        if Journal.isOn { JournalEvents.refusedAnswer(function, request, error) }
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
public func resolveHostRequest(
    _ request: OpaquePointer?, function: StaticString = #function, _ answer: () throws(APIError) -> HostAnswer
) -> mvvm_status {
    answerCall(function, request) { () throws(APIError) -> Result<HostAnswer, any Error> in
        let request = try checkedRequest(request)
        let result = Result<HostAnswer, any Error>.success(try answer())
        try HostRequestTable.shared.answer(request, with: result)
        return result
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
    answerCall(#function, request) { () throws(APIError) -> Result<HostAnswer, any Error> in
        let request = try checkedRequest(request)
        let message = try string(from: message, "message")
        let result = Result<HostAnswer, any Error>.failure(HostFailure(message: message))
        try HostRequestTable.shared.answer(request, with: result)
        return result
    }
}

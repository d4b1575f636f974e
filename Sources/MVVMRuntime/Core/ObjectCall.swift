import CMVVM

/// `apiCall` for a function of one object type: resolves and type-checks the handle first.
/// The object is used unretained (the runtime's lifetime rule keeps it alive for the call).
@MainActor @inline(__always)
func objectCall<T: RuntimeObject>(
    _ pointer: OpaquePointer?, as type: T.Type, function: StaticString = #function,
    _ body: (T) throws(APIError) -> Void
) -> mvvm_status {
    apiCall(function: function) { runtime throws(APIError) in
        var failure: APIError?
        try runtime.unretainedObject(pointer, as: T.self).withGuaranteedInstance { object in
            do throws(APIError) { try body(object) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}

/// A getter: checks the out-pointer before anything else, then writes `value(object)`.
@MainActor @inline(__always)
func objectGet<T: RuntimeObject, Value>(
    _ pointer: OpaquePointer?, as type: T.Type, _ out: UnsafeMutablePointer<Value>?, _ parameter: String,
    function: StaticString = #function, _ value: (T) throws(APIError) -> Value
) -> mvvm_status {
    apiCall(function: function) { runtime throws(APIError) in
        let out = try require(out, parameter)
        let object = try runtime.object(pointer, as: T.self)
        out.pointee = try value(object)
    }
}

/// A C index checked against `count`.
public func checkedIndex(_ index: Int64, count: Int, _ what: String) throws(APIError) -> Int {
    guard index >= 0, index < Int64(count) else { throw .outOfRange(what, index: index, count: count) }
    return Int(index)
}

extension Bool {
    /// The C form of a flag: 1 or 0.
    var cFlag: Int32 { self ? 1 : 0 }
}

/// A C id as a Swift `Int`, refused if it does not fit (only possible on 32-bit platforms).
public func checkedID(_ id: Int64, _ parameter: String) throws(APIError) -> Int {
    guard let value = Int(exactly: id) else { throw .invalidArgument("\(parameter) \(id) is not a valid id.") }
    return value
}

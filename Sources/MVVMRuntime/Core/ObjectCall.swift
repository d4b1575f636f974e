import CMVVM

/// `apiCall` for a function of one object type: resolves and type-checks the handle first.
@MainActor @inline(__always)
func objectCall<T: RuntimeObject>(
    _ pointer: OpaquePointer?, as type: T.Type, _ body: (T) throws(APIError) -> Void
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        try body(try runtime.object(pointer, as: T.self))
    }
}

/// A getter: checks the out-pointer before anything else, then writes `value(object)`.
@MainActor @inline(__always)
func objectGet<T: RuntimeObject, Value>(
    _ pointer: OpaquePointer?, as type: T.Type, _ out: UnsafeMutablePointer<Value>?, _ parameter: String,
    _ value: (T) throws(APIError) -> Value
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(out, parameter)
        let object = try runtime.object(pointer, as: T.self)
        out.pointee = try value(object)
    }
}

/// A C index checked against `count`.
func checkedIndex(_ index: Int64, count: Int, _ what: String) throws(APIError) -> Int {
    guard index >= 0, index < Int64(count) else { throw .outOfRange(what, index: index, count: count) }
    return Int(index)
}

extension Bool {
    /// The C form of a flag: 1 or 0.
    var cFlag: Int32 { self ? 1 : 0 }
}

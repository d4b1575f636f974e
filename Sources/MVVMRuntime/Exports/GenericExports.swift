import CMVVM

// The generic entry points (header: "Generic access"): every member of every type by id or
// by name, values as mvvm_value. The typed functions (Exports/Generated/) are thin calls
// into the same declaration accessors.

@c public func mvvm_member_find(
    _ type: mvvm_type, _ name: UnsafePointer<CChar>?, _ outMember: UnsafeMutablePointer<UInt32>?
) -> mvvm_status {
    // Any thread: declarations are immutable.
    do throws(APIError) {
        let out = try require(outMember, "out_member")
        let name = try string(from: name, "name")
        guard let declaration = TypeCatalog.declaration(of: type) else {
            throw .invalidArgument("\(type) is not an mvvm_type.")
        }
        guard let id = declaration.memberID(named: name) else {
            throw APIError(
                MVVM_E_UNKNOWN_NAME,
                "A \(declaration.name) has no member \"\(name)\"; it has: \(declaration.members.map(\.name).joined(separator: ", ")).")
        }
        out.pointee = UInt32(id)
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_object_new(
    _ type: mvvm_type, _ arguments: UnsafePointer<mvvm_value>?, _ argumentCount: UInt,
    _ outObject: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outObject, "out_object")
        guard let declaration = TypeCatalog.declaration(of: type) else {
            throw .invalidArgument("\(type) is not an mvvm_type.")
        }
        let values = try copiedArguments(arguments, argumentCount)
        if Journal.isOn { JournalCalls.operation("new", type: declaration.name, arguments: values) }
        out.pointee = runtime.register(try declaration.make(values, in: runtime))
        if Journal.isOn { JournalCalls.out(object: out.pointee) }
    }
}

@MainActor @c public func mvvm_object_get(
    _ object: OpaquePointer?, _ member: UInt32, _ outValue: UnsafeMutablePointer<mvvm_value>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outValue, "out_value")
        let target = try runtime.object(object)
        out.pointee = lend(try target.declaration.read(Int(member), of: target), from: target)
    }
}

@MainActor @c public func mvvm_object_set(
    _ object: OpaquePointer?, _ member: UInt32, _ value: UnsafePointer<mvvm_value>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        guard let value else { throw .nullPointer("value") }
        let copy = try Value(copying: value.pointee, "value")
        let target = try runtime.object(object)
        try target.declaration.write(Int(member), of: target, copy)
    }
}

@MainActor @c public func mvvm_object_invoke(
    _ object: OpaquePointer?, _ member: UInt32, _ arguments: UnsafePointer<mvvm_value>?, _ argumentCount: UInt,
    _ outResult: UnsafeMutablePointer<mvvm_value>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let values = try copiedArguments(arguments, argumentCount)
        let target = try runtime.object(object)
        let result = try target.declaration.invoke(Int(member), of: target, values)
        outResult?.pointee = lend(result, from: target)
    }
}

@MainActor @c public func mvvm_object_count(
    _ object: OpaquePointer?, _ member: UInt32, _ outCount: UnsafeMutablePointer<Int64>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outCount, "out_count")
        let target = try runtime.object(object)
        out.pointee = Int64(try target.declaration.count(Int(member), of: target))
    }
}

@MainActor @c public func mvvm_object_get_item(
    _ object: OpaquePointer?, _ member: UInt32, _ index: Int64, _ outItem: UnsafeMutablePointer<mvvm_value>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outItem, "out_item")
        let target = try runtime.object(object)
        out.pointee = lend(try item(Int(member), at: index, of: target), from: target)
    }
}

@MainActor @c public func mvvm_object_get_by_name(
    _ object: OpaquePointer?, _ property: UnsafePointer<CChar>?, _ outValue: UnsafeMutablePointer<mvvm_value>?
) -> mvvm_status {
    byName(object, property, "property") { mvvm_object_get(object, $0, outValue) }
}

@MainActor @c public func mvvm_object_set_by_name(
    _ object: OpaquePointer?, _ property: UnsafePointer<CChar>?, _ value: UnsafePointer<mvvm_value>?
) -> mvvm_status {
    byName(object, property, "property") { mvvm_object_set(object, $0, value) }
}

@MainActor @c public func mvvm_object_invoke_by_name(
    _ object: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ arguments: UnsafePointer<mvvm_value>?,
    _ argumentCount: UInt, _ outResult: UnsafeMutablePointer<mvvm_value>?
) -> mvvm_status {
    byName(object, command, "command") { mvvm_object_invoke(object, $0, arguments, argumentCount, outResult) }
}

// MARK: - Helpers

/// Item `index` of list `member`, the index checked against the list's count.
@MainActor
func item(_ member: Int, at index: Int64, of object: RuntimeObject) throws(APIError) -> Value {
    let declaration = object.declaration
    let count = try declaration.count(member, of: object, journaled: false)
    return try declaration.item(member, of: object, at: checkedIndex(index, count: count, declaration.members[member].itemWord))
}

/// `value` in C form, its strings lent by `object` (releasing what it lent before: the
/// getters' borrowing rule).
@MainActor
private func lend(_ value: Value, from object: RuntimeObject) -> mvvm_value {
    object.borrowed.releaseAll()
    return value.cValue(lendingFrom: object.borrowed)
}

/// Copies of the C arguments, checked.
func copiedArguments(_ arguments: UnsafePointer<mvvm_value>?, _ count: UInt) throws(APIError) -> [Value] {
    guard count <= 64 else { throw .invalidArgument("argument_count \(count) is outside 0...64.") }
    guard count == 0 || arguments != nil else { throw .nullPointer("arguments (with a non-zero argument_count)") }
    var values: [Value] = []
    for index in 0..<Int(count) {
        values.append(try Value(copying: arguments![index], "arguments[\(index)]"))
    }
    return values
}

/// Resolves the member named `name` of `object`'s type, then runs `call` with its id (which
/// checks everything again, kind included).
@MainActor
private func byName(
    _ object: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ what: String, _ call: (UInt32) -> mvvm_status
) -> mvvm_status {
    var id: UInt32 = 0
    let status = apiCall { runtime throws(APIError) in
        let target = try runtime.object(object)
        let name = try string(from: name, what)
        guard let found = target.declaration.memberID(named: name) else {
            let known = target.declaration.members.filter { $0.kind.word == what }.map(\.name)
            throw APIError(
                MVVM_E_UNKNOWN_NAME,
                "A \(target.declaration.name) has no \(what) \"\(name)\"; \(known.isEmpty ? "it has none" : "it has: " + known.joined(separator: ", "))."
            )
        }
        id = UInt32(found)
    }
    return status == MVVM_OK ? call(id) : status
}

/// Closures as a non-generic struct's field (see `TypeDeclaration.readers`).
struct StoredRead: Sendable { let function: MemberAccess.Read }
struct StoredWrite: Sendable { let function: MemberAccess.Write }
struct StoredRun: Sendable { let function: MemberAccess.Run }
struct StoredCount: Sendable { let function: MemberAccess.Count }
struct StoredItem: Sendable { let function: MemberAccess.Item }

/// How one member reaches its object: the closures a declaration builds for it (only those
/// of the member's kind are set).
struct MemberAccess: Sendable {
    typealias Read = @MainActor @Sendable (RuntimeObject) throws(APIError) -> Value
    typealias Write = @MainActor @Sendable (RuntimeObject, Value) throws(APIError) -> Void
    typealias Run = @MainActor @Sendable (RuntimeObject, Arguments) throws(APIError) -> Value
    typealias Count = @MainActor @Sendable (RuntimeObject) throws(APIError) -> Int
    typealias Item = @MainActor @Sendable (RuntimeObject, Int) throws(APIError) -> Value
    var read: Read?
    var write: Write?
    var run: Run?
    var count: Count?
    var item: Item?
}

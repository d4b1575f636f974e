/// A declared enum as C passes it: its name, and a number back to its Swift case, checked
/// against the cases (a record field's, a command argument's).
package struct EnumNumbers: Sendable {
    let enumName: String
    let value: @Sendable (Int32) throws(APIError) -> any Sendable

    init<E: Sendable>(_ declaration: EnumDeclaration<E>) {
        enumName = declaration.name
        value = { number throws(APIError) in try declaration.value(ofNumber: Int64(number)) }
    }
}

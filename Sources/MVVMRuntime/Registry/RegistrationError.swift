/// Why the registry refused a type or a record (a programming error of the application,
/// reported on its first run).
public struct RegistrationError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}

import FoundationEssentials
import MVVMBindingCore

extension User {
    /// Refuses a user no store keeps: one whose name is empty or only white space
    /// (`Unicode.Scalar.isWhitespaceOrNewline`, Foundation's `whitespacesAndNewlines`). Every
    /// store's `update` checks this first.
    public func checkStorable() throws(DomainError) {
        guard !name.unicodeScalars.allSatisfy(\.isWhitespaceOrNewline) else {
            throw .invalidInput(message: "a user's name must not be empty")
        }
    }
}

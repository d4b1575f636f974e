import Foundation

extension User {
    /// Refuses a user no store keeps: one whose name is empty or only white space
    /// (`CharacterSet.whitespacesAndNewlines`). Every store's `update` checks this first.
    ///
    /// Tested scalar by scalar rather than by trimming: `trimmingCharacters(in:)` bridges to
    /// `NSString` and cost a JSON save several microseconds; the answer is the same.
    public func checkStorable() throws(DomainError) {
        let blank = CharacterSet.whitespacesAndNewlines
        guard !name.unicodeScalars.allSatisfy(blank.contains) else {
            throw .invalidInput(message: "a user's name must not be empty")
        }
    }
}

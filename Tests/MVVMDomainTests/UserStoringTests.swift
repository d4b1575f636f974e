import Foundation
import MVVMDomain
import XCTest

final class UserStoringTests: XCTestCase {
    private func user(named name: String) -> User {
        User(id: 1, name: name, email: "ada@example.com")
    }

    func test_aNameWithAnyVisibleCharacter_isStorable() throws {
        for name in ["Ada", " Ada ", "\tA\n", "·", "😀"] {
            XCTAssertNoThrow(try user(named: name).checkStorable(), name)
        }
    }

    func test_anEmptyOrWhiteSpaceOnlyName_isRefused_withTheStoresMessage() {
        // ASCII blanks, line breaks and the Unicode spaces CharacterSet.whitespacesAndNewlines
        // holds too: no-break, ideographic, line and paragraph separators, next line, zero width.
        for name in ["", " ", "\t\n\r", "\u{00A0}", "\u{3000}\u{2028}\u{2029}", "\u{0085}\u{2003}\u{200B}"] {
            XCTAssertThrowsError(try user(named: name).checkStorable(), name.debugDescription) { error in
                XCTAssertEqual(
                    error as? DomainError, .invalidInput(message: "a user's name must not be empty"))
            }
        }
    }

    func test_theRuleRefusesExactlyWhatTrimmingWhiteSpaceAndNewlinesEmpties() {
        // The rule replaced `trimmingCharacters(in: .whitespacesAndNewlines).isEmpty`: the same
        // answer for every single-scalar name of the Basic Multilingual Plane.
        let scalars = (0x00...0xFFFF).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let name = String(Character(scalar))
            let trimmedEmpty = name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            let refused = (try? user(named: name).checkStorable()) == nil
            XCTAssertEqual(refused, trimmedEmpty, "U+\(String(scalar.value, radix: 16))")
        }
    }
}

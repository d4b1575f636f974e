import MVVMSeedsApp
import XCTest

final class UserNameValidatorTests: XCTestCase {
    private let sut = UserNameValidator()

    func test_validate_trimsSurroundingWhitespace() {
        XCTAssertEqual(sut.validate("  Ada Lovelace \n"), .success("Ada Lovelace"))
    }

    func test_validate_refusesEmptyAndWhitespaceOnlyNames() {
        XCTAssertEqual(sut.validate(""), .failure(.empty))
        XCTAssertEqual(sut.validate(" \t\n\u{00A0}"), .failure(.empty))
    }

    func test_validate_acceptsTheMaximumLengthAndRefusesOneMore() {
        let maximum = UserNameValidator.defaultMaximumLength
        let longest = String(repeating: "a", count: maximum)
        XCTAssertEqual(sut.validate(longest), .success(longest))
        XCTAssertEqual(sut.validate(longest + "a"), .failure(.tooLong(maximum: maximum)))
    }

    func test_validate_countsCharactersNotScalars() {
        // Each family emoji is one character made of several scalars joined by U+200D.
        let family = "👨‍👩‍👧"
        let custom = UserNameValidator(maximumLength: 3)
        XCTAssertEqual(custom.validate(family + family + family), .success(family + family + family))
        XCTAssertEqual(custom.validate("e\u{301}cole"), .failure(.tooLong(maximum: 3)))
        XCTAssertEqual(custom.validate("e\u{301}co"), .success("e\u{301}co"))
    }

    func test_validate_refusesControlCharactersAndLineSeparatorsInside() {
        XCTAssertEqual(sut.validate("Ada\u{0}"), .failure(.controlCharacters))
        XCTAssertEqual(sut.validate("Ada\tLovelace"), .failure(.controlCharacters))
        XCTAssertEqual(sut.validate("Ada\nLovelace"), .failure(.controlCharacters))
        XCTAssertEqual(sut.validate("Ada\u{2028}Lovelace"), .failure(.controlCharacters))
        XCTAssertEqual(sut.validate("Ada\u{7F}"), .failure(.controlCharacters))
    }

    func test_validate_trimsSpacesFromPrintableASCIIDraftsLikeAnyOther() {
        // Printable ASCII drafts take a byte-level path; it must agree with the general one.
        XCTAssertEqual(sut.validate("   Ada   "), .success("Ada"))
        XCTAssertEqual(sut.validate("Ada"), .success("Ada"))
        XCTAssertEqual(sut.validate(" A "), .success("A"))
        XCTAssertEqual(sut.validate("     "), .failure(.empty))
        XCTAssertEqual(UserNameValidator.trimmed("  Ada Lovelace  "), "Ada Lovelace")
        XCTAssertEqual(UserNameValidator.trimmed("Ada\u{A0}"), "Ada")
        let custom = UserNameValidator(maximumLength: 3)
        XCTAssertEqual(custom.validate("  abc  "), .success("abc"))
        XCTAssertEqual(custom.validate("abcd"), .failure(.tooLong(maximum: 3)))
    }

    func test_validate_givesTheSameVerdictForEveryShortASCIIDraftAsScalarByScalarRules() {
        // Every draft of up to three characters from an alphabet mixing printable ASCII, space,
        // control characters and a non-ASCII space, against the rules spelled out scalar by scalar.
        let alphabet: [Character] = ["a", " ", "~", "\t", "\u{7F}", "\u{A0}", "é"]
        let custom = UserNameValidator(maximumLength: 2)
        var drafts = [""]
        for _ in 0..<3 { drafts += drafts.flatMap { draft in alphabet.map { draft + String($0) } } }
        for draft in Set(drafts) {
            let name = String(
                String.UnicodeScalarView(
                    draft.unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()))
            let expected: Result<String, UserNameValidator.Failure>
            if name.isEmpty {
                expected = .failure(.empty)
            } else if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                expected = .failure(.controlCharacters)
            } else if name.count > 2 {
                expected = .failure(.tooLong(maximum: 2))
            } else {
                expected = .success(name)
            }
            XCTAssertEqual(custom.validate(draft), expected, "draft \(draft.debugDescription)")
        }
    }

    func test_failure_messagesNameTheRule() {
        XCTAssertEqual(
            UserNameValidator.Failure.tooLong(maximum: 80).message,
            "The name can't be longer than 80 characters.")
        XCTAssertFalse(UserNameValidator.Failure.empty.message.isEmpty)
        XCTAssertFalse(UserNameValidator.Failure.controlCharacters.message.isEmpty)
    }
}

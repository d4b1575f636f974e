import MVVMFeatures
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

    func test_failure_messagesNameTheRule() {
        XCTAssertEqual(UserNameValidator.Failure.tooLong(maximum: 80).message,
                       "The name can't be longer than 80 characters.")
        XCTAssertFalse(UserNameValidator.Failure.empty.message.isEmpty)
        XCTAssertFalse(UserNameValidator.Failure.controlCharacters.message.isEmpty)
    }
}

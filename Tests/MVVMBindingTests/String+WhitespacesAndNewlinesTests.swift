import MVVMBindingCore
import XCTest

/// `trimmingWhitespacesAndNewlines()` answers as Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)` does, without Foundation.
final class StringWhitespacesAndNewlinesTests: XCTestCase {
    func testLeadingAndTrailingSpacesTabsAndLineBreaksAreRemoved() {
        XCTAssertEqual(" \t\n Ada Lovelace \r\n".trimmingWhitespacesAndNewlines(), "Ada Lovelace")
    }

    func testInnerWhiteSpaceIsKept() {
        XCTAssertEqual("  a  b\nc ".trimmingWhitespacesAndNewlines(), "a  b\nc")
    }

    func testOnlyWhiteSpaceGivesTheEmptyString() {
        XCTAssertEqual(" \u{00A0}\u{3000}\u{2028}\t".trimmingWhitespacesAndNewlines(), "")
        XCTAssertEqual("".trimmingWhitespacesAndNewlines(), "")
    }

    func testFoundationsSetIsUsedIncludingTheZeroWidthSpace() {
        // U+200B is in Foundation's whitespacesAndNewlines though not in Unicode's White_Space.
        XCTAssertEqual("\u{200B}\u{2003}note\u{0085}\u{205F}".trimmingWhitespacesAndNewlines(), "note")
    }

    func testOtherFormatCharactersAndSymbolsAreNotWhiteSpace() {
        // U+200D (zero width joiner) and U+FEFF (byte order mark) are not in the set.
        XCTAssertEqual("\u{FEFF}x\u{200D}".trimmingWhitespacesAndNewlines(), "\u{FEFF}x\u{200D}")
    }

    func testACombiningMarkAfterTheTextStays() {
        XCTAssertEqual(" e\u{0301} ".trimmingWhitespacesAndNewlines(), "e\u{0301}")
    }

    func testAStringWithNothingToTrimComesBackEqual() {
        let text = "already trimmed"
        XCTAssertEqual(text.trimmingWhitespacesAndNewlines(), text)
    }

    func testScalarClassificationMatchesTheDocumentedSet() {
        let members: [UInt32] = [
            0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x200A, 0x200B,
            0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
        ]
        for value in members {
            XCTAssertTrue(Unicode.Scalar(value)!.isWhitespaceOrNewline, "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x08, 0x0E, 0x1F, 0x21, 0x84, 0x86, 0x200C, 0x2027, 0x202A, 0x3001, 0xFEFF] {
            XCTAssertFalse(Unicode.Scalar(value)!.isWhitespaceOrNewline, "U+\(String(value, radix: 16))")
        }
    }
}

import XCTest

@testable import MVVMDomain

final class HTTPJSONScannerTests: XCTestCase {
    private func users(_ text: String) -> [HTTPWireUser]? {
        users(Array(text.utf8))
    }

    private func users(_ bytes: [UInt8]) -> [HTTPWireUser]? {
        var scanner = HTTPJSONScanner(bytes)
        do throws(HTTPJSONScanner.Failure) {
            let value = try HTTPWireUser.readArray(from: &scanner)
            try scanner.finish()
            return value
        } catch {
            return nil
        }
    }

    private func string(_ json: String) -> String? {
        var scanner = HTTPJSONScanner(Array(json.utf8))
        do throws(HTTPJSONScanner.Failure) {
            let value = try scanner.readString()
            try scanner.finish()
            return value
        } catch {
            return nil
        }
    }

    private func int(_ json: String) -> Int? {
        var scanner = HTTPJSONScanner(Array(json.utf8))
        do throws(HTTPJSONScanner.Failure) {
            let value = try scanner.readInt()
            try scanner.finish()
            return value
        } catch {
            return nil
        }
    }

    func test_usersAreRead_withUnknownMembersOfAnyKindSkipped() {
        let json = """
             [ {"id": 1, "name": "Ada", "email": "a@x", "extra": {"deep": [1, -2.5e+3, true, null, "s"]}},
               {"email": "b@x", "id": 2, "name": "Alan", "n": 0.5} ]
            """
        let read = users(json)
        XCTAssertEqual(
            read?.map(\.user),
            [
                User(id: 1, name: "Ada", email: "a@x"), User(id: 2, name: "Alan", email: "b@x"),
            ])
        XCTAssertEqual(users("[]")?.count, 0)
    }

    func test_aMissingOrMistypedMember_isRefused() {
        XCTAssertNil(users(#"[{"id": 1, "name": "Ada"}]"#))
        XCTAssertNil(users(#"[{"id": "1", "name": "Ada", "email": "a"}]"#))
        XCTAssertNil(users(#"[{"id": 1, "name": null, "email": "a"}]"#))
        XCTAssertNil(users(#"[{"id": 1.0, "name": "A", "email": "a"}]"#))
    }

    func test_syntaxErrors_areRefused() {
        for bad in ["", "[", "[}", "[{]", #"[{"id":1,}]"#, "[1,]", "[] x", "{}", "nul", "[01]", "[-]", "[1.]", "[1e]"] {
            XCTAssertNil(users(bad), bad)
        }
    }

    func test_escapes_andSurrogatePairs_areDecoded() {
        XCTAssertEqual(string(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#), "a\"b\\c/d\n\té😀")
        XCTAssertEqual(string(#""plain ünïcödé""#), "plain ünïcödé")
    }

    func test_badStrings_areRefused() {
        XCTAssertNil(string(#""\ud800""#), "a lone high surrogate")
        XCTAssertNil(string(#""\udc00""#), "a lone low surrogate")
        XCTAssertNil(string(#""\x""#), "an unknown escape")
        XCTAssertNil(string(#""\u12g4""#), "a bad hex digit")
        XCTAssertNil(string("\"a\u{01}b\""), "a raw control character")
        XCTAssertNil(string(#""unterminated"#))
        var scanner = HTTPJSONScanner([0x22, 0xFF, 0xFE, 0x22])
        XCTAssertThrowsError(try scanner.readString(), "invalid UTF-8")
    }

    func test_skippedStrings_andTheKeysOfSkippedObjects_areCheckedAsReadOnesAre() {
        // A user whose unknown member holds invalid UTF-8 (0xFF), a bad escape or a lone
        // surrogate, as a value or as a key of a skipped object, is refused as a read one is.
        let user = Array(#"[{"id": 1, "name": "Ada", "email": "a@x", "extra": "#.utf8)
        let bad: [[UInt8]] = [
            [0x22, 0xFF, 0x22], Array(#""\x""#.utf8), Array(#""\ud800""#.utf8),
            [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D],  // {"<a truncated é>":1}
            Array(#"{"\q": 1}"#.utf8),
        ]
        for value in bad {
            XCTAssertNil(users(user + value + Array("}]".utf8)), "\(value)")
        }
        XCTAssertNotNil(users(user + Array(#""ok"}]"#.utf8)))
        let skippedButValid = #"[{"id": 1, "name": "Zoë", "email": "z@x", "x": {"clé ü": "ünï\u00e9"}}]"#
        XCTAssertEqual(users(skippedButValid)?.map(\.user), [User(id: 1, name: "Zoë", email: "z@x")])
    }

    func test_aStringHoldingNUL_isRefused_asNUL_notAsMalformed() {
        for json in [#""Nul\u0000cut""#, #""\u0000""#, "\"raw\u{00}nul\""] {
            var scanner = HTTPJSONScanner(Array(json.utf8))
            do throws(HTTPJSONScanner.Failure) {
                _ = try scanner.readString()
                XCTFail("\(json) was accepted")
            } catch {
                XCTAssertEqual(error.isNUL, json.contains("\\u0000"), json)
            }
        }
        XCTAssertEqual(string(#""\u0001""#), "\u{01}", "other escaped control characters are JSON")
    }

    func test_integers_areCheckedForOverflow_andForm() {
        XCTAssertEqual(int("9223372036854775807"), Int.max)
        XCTAssertEqual(int("-9223372036854775808"), Int.min)
        XCTAssertNil(int("9223372036854775808"))
        XCTAssertNil(int("-9223372036854775809"))
        XCTAssertNil(int("1e400"))
        XCTAssertNil(int("007"))
        XCTAssertEqual(int(" 0 "), 0)
    }

    func test_nestingDeeperThanTheLimit_isRefused_notAStackOverflow() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        var scanner = HTTPJSONScanner(Array(deep.utf8))
        XCTAssertThrowsError(try scanner.skipValue())
        let limit = HTTPJSONScanner.maxDepth
        let fits = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var fitting = HTTPJSONScanner(Array(fits.utf8))
        XCTAssertNoThrow(try fitting.skipValue())
    }

    func test_everyPrefixOfAValidBody_isRefusedWithoutATrap() {
        let body = Array(#"[{"id": 1, "name": "Ad\u00e9", "email": "a@x", "t": [true, false, null, 1.5e-3]}]"#.utf8)
        for length in 0..<body.count {
            XCTAssertNil(users(Array(body[0..<length])), "prefix of \(length) bytes")
        }
        XCTAssertNotNil(users(body))
    }
}

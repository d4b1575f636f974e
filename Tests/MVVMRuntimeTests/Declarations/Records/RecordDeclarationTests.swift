import CMVVM
import XCTest

@testable import MVVMRuntime

/// A declared record's C form: borrowed for a signal, lent for a getter, read back from C.
/// The tests are `async`: XCTest on Linux cannot call a synchronous `@MainActor` test.
@MainActor
final class RecordDeclarationTests: XCTestCase {
    private let declaration = EveryKindRecord.recordDeclaration
    private let sample = EveryKindRecord(id: 42, count: -7, flag: true, ratio: 2.5, title: "Grüße", note: nil)

    private func string(at offset: Int, in base: UnsafeRawPointer) -> String? {
        base.load(fromByteOffset: offset, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
    }

    func test_the_signal_form_holds_every_field_at_its_offset_and_nil_as_null() async {
        var seen = false
        declaration.withCForm(sample) { base in
            seen = true
            XCTAssertEqual(base.load(fromByteOffset: 0, as: Int64.self), 42)
            XCTAssertEqual(base.load(fromByteOffset: 8, as: Int32.self), -7)
            XCTAssertEqual(base.load(fromByteOffset: 12, as: Int32.self), 1)
            XCTAssertEqual(base.load(fromByteOffset: 16, as: Double.self), 2.5)
            XCTAssertEqual(string(at: 24, in: base), "Grüße")
            XCTAssertNil(string(at: 32, in: base))
        }
        XCTAssertTrue(seen, "the body runs")
    }

    func test_a_lent_form_reads_back_as_the_same_record() async throws {
        let strings = BorrowedStrings()
        let withNote = EveryKindRecord(id: 1, count: 2, flag: false, ratio: -0.5, title: "", note: "a note")
        for record in [sample, withNote] {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: declaration.layout.size, alignment: 8)
            defer { buffer.deallocate() }
            declaration.write(record, to: buffer, lendingFrom: strings)
            XCTAssertEqual(try declaration.read(from: buffer, "value"), record)
        }
        strings.releaseAll()
    }

    func test_reading_refuses_a_null_string_naming_the_field() async {
        var form = [UInt8](repeating: 0, count: declaration.layout.size)
        form.withUnsafeMutableBytes { $0.storeBytes(of: Int32(1), toByteOffset: 12, as: Int32.self) }
        XCTAssertThrowsError(try form.withUnsafeBytes { bytes throws(APIError) in try declaration.read(from: bytes.baseAddress!, "arguments[0]") }) {
            error in
            XCTAssertTrue(String(describing: error).contains("arguments[0].title"), String(describing: error))
        }
    }

    func test_reading_refuses_a_bool_other_than_zero_or_one() async throws {
        try "t".withCString { title in
            var form = [UInt8](repeating: 0, count: declaration.layout.size)
            form.withUnsafeMutableBytes {
                $0.storeBytes(of: Int32(2), toByteOffset: 12, as: Int32.self)
                $0.storeBytes(of: title, toByteOffset: 24, as: UnsafePointer<CChar>.self)
            }
            XCTAssertThrowsError(try form.withUnsafeBytes { bytes throws(APIError) in try declaration.read(from: bytes.baseAddress!, "value") }) {
                error in
                XCTAssertTrue(String(describing: error).contains("value.flag is 2"), String(describing: error))
            }
        }
    }

    func test_reading_refuses_invalid_utf8() async throws {
        let invalid: [CChar] = [CChar(bitPattern: 0xC3), 0x28, 0]
        try invalid.withUnsafeBufferPointer { text in
            var form = [UInt8](repeating: 0, count: declaration.layout.size)
            form.withUnsafeMutableBytes { $0.storeBytes(of: text.baseAddress!, toByteOffset: 24, as: UnsafePointer<CChar>.self) }
            XCTAssertThrowsError(try form.withUnsafeBytes { bytes throws(APIError) in try declaration.read(from: bytes.baseAddress!, "value") }) {
                error in
                XCTAssertEqual((error as? APIError)?.status, MVVM_E_INVALID_UTF8, String(describing: error))
            }
        }
    }

    func test_a_record_without_make_is_refused_where_the_host_would_pass_it() async {
        let outputOnly = SmallRecord.recordDeclaration
        XCTAssertFalse(outputOnly.isReadable)
        var form = Int64(3)
        XCTAssertThrowsError(try withUnsafeBytes(of: &form) { bytes throws(APIError) in try outputOnly.read(from: bytes.baseAddress!, "value") }) {
            error in
            XCTAssertTrue(String(describing: error).contains("cannot pass"), String(describing: error))
        }
    }
}

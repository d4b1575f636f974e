import CExecutorHooks
import XCTest

/// `Sources/CExecutorHooks/command_line.c`: the runtime's argument functions, which the shipped
/// (-static-stdlib) library links in place of the runtime's. Here, in a build against the
/// toolchain's shared runtime, `CommandLine.arguments` still comes from the runtime's own
/// copy, so the two can be compared.
final class CommandLineArgumentsTests: XCTestCase {
    func test_theArgumentsAreTheOnesTheRuntimeFindsForTheProcess() {
        var count: Int32 = -1
        let argv = _swift_stdlib_getUnsafeArgvArgc(&count)
        let ours = (0..<Int(count)).map { String(cString: argv![$0]!) }
        XCTAssertEqual(ours, CommandLine.arguments)
        XCTAssertGreaterThan(count, 0)
    }

    func test_anOverrideIsAnsweredUntilItIsCleared() {
        var first = Array("first".utf8CString)
        var second = Array("second".utf8CString)
        first.withUnsafeMutableBufferPointer { firstBytes in
            second.withUnsafeMutableBufferPointer { secondBytes in
                var arguments: [UnsafeMutablePointer<CChar>?] = [firstBytes.baseAddress, secondBytes.baseAddress, nil]
                arguments.withUnsafeMutableBufferPointer { argv in
                    _swift_stdlib_overrideUnsafeArgvArgc(argv.baseAddress, 2)
                    var count: Int32 = 0
                    let answered = _swift_stdlib_getUnsafeArgvArgc(&count)
                    XCTAssertEqual(count, 2)
                    XCTAssertEqual(answered.map { String(cString: $0[1]!) }, "second")
                    _swift_stdlib_overrideUnsafeArgvArgc(nil, 0)
                }
            }
        }
        var count: Int32 = 0
        _ = _swift_stdlib_getUnsafeArgvArgc(&count)
        XCTAssertEqual(Int(count), CommandLine.arguments.count)
    }
}

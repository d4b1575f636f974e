import XCTest

/// A test case whose every test gets a fresh `TemporaryDirectory`, removed after the test.
class TemporaryDirectoryTestCase: XCTestCase {
    private(set) var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory?.remove()
        directory = nil
        super.tearDown()
    }
}

import XCTest

/// A test case against `Tests/Support/placeholder_server.py`: one server for the whole class
/// (`server`), reset before each test; every test is skipped when python3 cannot start it.
/// Each test also gets a fresh temporary directory (`directory`).
class PlaceholderServerTestCase: TemporaryDirectoryTestCase {
    nonisolated(unsafe) static var server: PlaceholderServer!

    override class func setUp() {
        super.setUp()
        server = try? PlaceholderServer()
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    var server: PlaceholderServer { Self.server }

    override func setUp() async throws {
        try await super.setUp()
        guard let server = Self.server else { throw XCTSkip("python3 cannot start the placeholder server") }
        try await server.reset()
    }
}

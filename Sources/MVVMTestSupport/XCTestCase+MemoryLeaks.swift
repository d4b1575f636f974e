import XCTest

extension XCTestCase {
    /// Fails the test if `instance` is still alive once the test method and its teardown
    /// blocks registered earlier have run: the leak check of every ViewModel test (a `Task` or
    /// `sink` that captured `self` strongly keeps a ViewModel alive). Returns `instance`, so a
    /// factory reads `return trackForMemoryLeaks(ProfileViewModel(repository: repository))`.
    ///
    /// Only a weak reference is kept: the check itself holds nothing alive.
    ///
    /// - Parameters:
    ///   - instance: the object that must be released when the test ends.
    ///   - file, line: where the failure is reported (the caller's factory by default).
    @discardableResult
    public func trackForMemoryLeaks<T: AnyObject>(
        _ instance: T, file: StaticString = #filePath, line: UInt = #line
    ) -> T {
        let name = String(describing: type(of: instance))
        addTeardownBlock { [weak instance] in
            XCTAssertNil(instance, "\(name) leaked: it is still alive after the test", file: file, line: line)
        }
        return instance
    }
}

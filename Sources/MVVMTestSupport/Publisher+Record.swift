import MVVMBindingCore

extension Publisher {
    /// Subscribes a new `Recorder` to this publisher and returns it: every value and the
    /// completion sent from now on are recorded until the recorder is cancelled or released.
    ///
    /// ```swift
    /// let changes = sut.rowChanges.record()
    /// sut.add(4)
    /// XCTAssertEqual(changes.values, [.insert(2..<3)])
    /// ```
    public func record() -> Recorder<Output, Failure> {
        let recorder = Recorder<Output, Failure>()
        subscribe(recorder)
        return recorder
    }
}

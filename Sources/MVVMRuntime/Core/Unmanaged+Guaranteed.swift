extension Unmanaged {
    /// Calls `body` with the instance, neither retained nor released: for references whose
    /// lifetime the caller guarantees (see the lifetime rule in `Runtime`).
    ///
    /// A wrapper rather than `_withUnsafeGuaranteedRef` at each call site: a main-actor
    /// closure literal passed straight to a standard library function gets a run-time
    /// isolation check (~200 instructions; the standard library is not built in the Swift 6
    /// language mode), while `body` here is passed on as a value and is not checked.
    @inline(__always)
    func withGuaranteedInstance<Outcome>(_ body: (Instance) -> Outcome) -> Outcome {
        _withUnsafeGuaranteedRef(body)
    }
}

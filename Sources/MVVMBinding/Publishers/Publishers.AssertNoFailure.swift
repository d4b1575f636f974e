extension Publishers {
    /// A publisher that republishes its upstream's values and traps if the upstream fails.
    ///
    /// This is Combine's contract, kept on purpose: a programmer uses it to state that a
    /// failure cannot happen, and a failure that does stops the process with `fatalError`,
    /// naming the prefix, the error, and the call site. Demand, finishing and cancellation pass
    /// straight through.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        /// The publisher that must not fail.
        public let upstream: Upstream

        /// Put before the error in the trap's message.
        public let prefix: String

        /// The file of the call site, for the trap's message.
        public let file: StaticString

        /// The line of the call site, for the trap's message.
        public let line: UInt

        /// Creates a publisher that traps when `upstream` fails.
        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (prefix, file, line) = (self.prefix, self.file, self.line)
            upstream.subscribe(
                CompletionMappingSubscriber<S, Upstream.Failure>(
                    downstream: subscriber, name: "AssertNoFailure",
                    reflectedParts: [("file", file), ("line", line), ("prefix", prefix)]
                ) { error in
                    fatalError("\(prefix.isEmpty ? "" : prefix + ": ")\(error)", file: file, line: line)
                })
        }
    }
}

extension Publisher {
    /// Republishes values, and traps with `fatalError` if this publisher fails (Combine's
    /// contract): use it only where a failure is a programmer error.
    public func assertNoFailure(_ prefix: String = "", file: StaticString = #file, line: UInt = #line) -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

extension Publishers {
    /// What a full `Buffer` does with another value.
    public enum BufferingStrategy<Failure: Error> {
        /// Discard the new value.
        case dropNewest
        /// Discard the oldest buffered value to make room for the new one.
        case dropOldest
        /// End the stream: cancel the upstream, discard the buffer and fail with the error the
        /// closure returns.
        case customError(() -> Failure)
    }
}

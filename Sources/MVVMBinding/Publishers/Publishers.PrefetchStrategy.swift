extension Publishers {
    /// When a `Buffer` asks its upstream for values.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// Fill the buffer at subscription time (a request for its size), and keep it full:
        /// every value delivered downstream is replaced by a request for one more.
        case keepFull
        /// Prefetch nothing: pass each of the downstream's requests to the upstream.
        case byRequest
    }
}

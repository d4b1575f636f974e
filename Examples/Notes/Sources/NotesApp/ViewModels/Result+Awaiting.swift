extension Result where Failure == any Error {
    /// The outcome of a repository call, as a value: what a ViewModel's task hands back to the
    /// ViewModel (which it holds weakly) once the repository answered.
    nonisolated(nonsending) static func awaiting(_ call: nonisolated(nonsending) () async throws -> Success) async -> Self {
        do {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }
}

extension Result where Failure == any Error {
    /// A repository call's outcome, as a value a ViewModel's task hands back to its ViewModel.
    nonisolated(nonsending) static func awaiting(_ call: nonisolated(nonsending) () async throws -> Success) async -> Self {
        do {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }
}

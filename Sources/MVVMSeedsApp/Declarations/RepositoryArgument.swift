import MVVMRuntime

extension MemberShape.Argument {
    /// The repository a ViewModel is made over: a handle of a live repository.
    static var repository: Self { .object("repository", of: RepositoryObject.self) }
}

extension Arguments {
    /// The repository of argument `position` (declared `.repository`).
    @MainActor func repository(_ position: Int) -> RepositoryObject {
        object(position, as: RepositoryObject.self)
    }
}

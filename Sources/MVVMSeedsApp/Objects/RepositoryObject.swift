import CMVVM
import MVVMDomain
import MVVMRuntime

/// A repository handle: the user and post repositories ViewModels are built over. Made by its
/// own constructors (`RepositoryConstructors`: sample data, JSON file, SQLite, HTTP, and the
/// host's two tables).
@MainActor
final class RepositoryObject: RuntimeObject, DeclaredObject {
    override class var objectType: mvvm_type { declaration.type }

    nonisolated static let declaration = TypeDeclaration(
        name: "Repository", handleName: "repository",
        summary: "Where ViewModels get and store their data: made by one of the constructors below and handed to the ViewModels' constructors.",
        constructors: RepositoryConstructors.all)

    let users: any UserRepository
    let posts: any PostRepository

    init(users: any UserRepository, posts: any PostRepository) {
        self.users = users
        self.posts = posts
        super.init(declaration: Self.declaration)
    }
}

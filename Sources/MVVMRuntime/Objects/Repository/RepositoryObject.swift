import CMVVM
import MVVMDomain

/// A repository handle: the user and post repositories ViewModels are built over.
@MainActor
final class RepositoryObject: RuntimeObject {
    override class var objectType: mvvm_type { MVVM_TYPE_REPOSITORY }

    nonisolated static let typeDescription = TypeDescription(
        type: MVVM_TYPE_REPOSITORY, name: "Repository", properties: [], commands: [], events: [])

    let users: any UserRepository
    let posts: any PostRepository

    init(users: any UserRepository, posts: any PostRepository) {
        self.users = users
        self.posts = posts
        super.init(signals: Self.typeDescription.signals)
    }
}

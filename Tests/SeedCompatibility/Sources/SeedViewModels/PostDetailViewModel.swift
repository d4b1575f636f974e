// Seed 002, `PostDetailViewModel`, verbatim except the import. (Its rollback arithmetic is the
// seed's, wrong on purpose here: MVVMSeedsApp has the corrected ViewModel.)
import Foundation
import MVVMBinding

class PostDetailViewModel: ObservableObject {
    @Published var post: Post?
    @Published var comments: [Comment] = []
    @Published var isLoading = false
    @Published var errorMessage: String?
    @Published var isLiked = false
    @Published var likesCount = 0

    private let postId: Int
    private let networkService: NetworkService
    private var cancellables = Set<AnyCancellable>()

    init(postId: Int, networkService: NetworkService = .shared) {
        self.postId = postId
        self.networkService = networkService
    }

    func loadPost() {
        isLoading = true
        errorMessage = nil

        Publishers.Zip(
            networkService.fetchPost(id: postId),
            networkService.fetchComments(postId: postId)
        )
        .sink(
            receiveCompletion: { [weak self] completion in
                self?.isLoading = false
                if case .failure(let error) = completion {
                    self?.errorMessage = error.localizedDescription
                }
            },
            receiveValue: { [weak self] post, comments in
                self?.post = post
                self?.comments = comments
                self?.isLiked = post.likedByCurrentUser
                self?.likesCount = post.likesCount
            }
        )
        .store(in: &cancellables)
    }

    func toggleLike() {
        guard let post = post else { return }

        // Optimistic update
        isLiked.toggle()
        likesCount += isLiked ? 1 : -1

        networkService.toggleLike(postId: post.id)
            .sink(
                receiveCompletion: { [weak self] completion in
                    if case .failure = completion {
                        // Rollback on error
                        self?.isLiked.toggle()
                        self?.likesCount += (self?.isLiked ?? false) ? -1 : 1
                    }
                },
                receiveValue: { _ in }
            )
            .store(in: &cancellables)
    }
}

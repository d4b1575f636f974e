import FoundationEssentials
import MVVMBindingCore
import MVVMDomain

/// The post detail screen: a post with its comments, and a like button that answers at once.
///
/// **Loading.** ``onAppear()`` (first time only) or ``load()`` fetches the post and its comments
/// concurrently and publishes them together: `state` goes `idle → loading → loaded(PostDetail)`
/// in one step, or to `failed(message)` if either request fails. A post without comments is
/// `loaded` with an empty `comments` array; this ViewModel never uses `.empty`.
///
/// **Liking.** ``toggleLike()`` flips ``isLiked`` and ``likesCount`` immediately (optimistic),
/// then tells the repository. Like requests are serialised: at most one is in flight, and
/// taps made meanwhile only change the desired state. When a response arrives its post becomes
/// the new server truth; if the person now wants something else, exactly one more request
/// goes out. So however fast the taps come, once every request has settled `isLiked` and
/// `likesCount` equal the server's. The displayed count is always the server's count plus
/// the one pending change, never a running sum of taps, so it cannot drift. If a request
/// fails, the pending intent is dropped, both values return to the last server truth and
/// ``errorMessage`` says why.
@MainActor
public final class PostDetailViewModel: ObservableObject {
    // MARK: - Properties

    /// The post and its comments as loaded; see the type's documentation for the transitions.
    @Published public private(set) var state: ViewState<PostDetail> = .idle
    /// Whether the like button shows "liked" (the person's latest intent).
    @Published public private(set) var isLiked = false
    /// The count next to the like button: the server's count plus any change still being sent.
    @Published public private(set) var likesCount = 0
    /// Why the last like request failed, for an alert; `nil` when there is nothing to say.
    /// Load failures are reported through ``state`` instead.
    @Published public private(set) var errorMessage: String?

    /// The post this screen shows.
    public let postId: Post.ID

    private let repository: any PostRepository
    /// The current load; replacing it cancels the previous one so a stale response is ignored.
    private var loadTask: Task<Void, Never>? {
        willSet { loadTask?.cancel() }
    }
    /// The like request in flight, if any; `nil` means none is.
    private var likeTask: Task<Void, Never>?
    /// The post as the server last reported it (from the load or a like response).
    private var serverPost: Post?
    /// What the person wants: the value of the last tap.
    private var desiredLiked = false

    // MARK: - Init

    /// Creates the ViewModel for post `postId`; nothing is fetched until ``onAppear()`` or
    /// ``load()``.
    public init(repository: any PostRepository, postId: Post.ID) {
        self.repository = repository
        self.postId = postId
    }

    deinit {
        loadTask?.cancel()
        likeTask?.cancel()
    }

    // MARK: - Actions

    /// Loads the post the first time the screen appears; later appearances keep what is shown.
    public func onAppear() {
        guard case .idle = state else { return }
        load()
    }

    /// Fetches the post and its comments again (concurrently), cancelling a load in progress.
    /// `state` becomes `loading`, then `loaded` or `failed`.
    public func load() {
        state = .loading
        errorMessage = nil
        // Captured by value so the task does not keep the ViewModel alive while it waits.
        let repository = repository
        let postId = postId
        loadTask = Task { [weak self] in
            do {
                async let post = repository.fetchPost(id: postId)
                async let comments = repository.fetchComments(postId: postId)
                let detail = try await PostDetail(post: post, comments: comments)
                guard let self, !Task.isCancelled else { return }
                self.didLoad(detail)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.state = .failed(Self.message(for: error))
            }
        }
    }

    /// Flips the like state at once and sends it to the repository (see the type's
    /// documentation for how rapid taps and failures are handled). Does nothing before the
    /// post has loaded.
    public func toggleLike() {
        guard serverPost != nil else { return }
        desiredLiked.toggle()
        render()
        if likeTask == nil { send(liked: desiredLiked) }
    }

    /// Clears ``errorMessage`` once the person has seen it.
    public func dismissError() {
        errorMessage = nil
    }

    // MARK: - Private

    private func didLoad(_ detail: PostDetail) {
        serverPost = detail.post
        // A like request in flight still carries the person's intent; its response reconciles.
        if likeTask == nil { desiredLiked = detail.post.likedByCurrentUser }
        // Like values first, so whoever observes `state` reads matching ones.
        render()
        state = .loaded(detail)
    }

    private func send(liked: Bool) {
        let repository = repository
        let postId = postId
        likeTask = Task { [weak self] in
            let result: Result<Post, any Error>
            do {
                result = .success(try await repository.setLiked(liked, postId: postId))
            } catch {
                result = .failure(error)
            }
            self?.likeRequestFinished(with: result)
        }
    }

    private func likeRequestFinished(with result: Result<Post, any Error>) {
        likeTask = nil
        switch result {
        case .success(let post):
            serverPost = post
            // The person tapped again while this request was in flight: send the latest intent.
            if desiredLiked != post.likedByCurrentUser { send(liked: desiredLiked) }
            render()
        case .failure(let error):
            // Drop the pending intent: the server's last answer is the only truth we have.
            if let serverPost { desiredLiked = serverPost.likedByCurrentUser }
            render()
            // After the rollback, so an alert shown for it sees the restored values.
            errorMessage = Self.message(for: error)
        }
    }

    /// Shows the last server truth plus the pending intent. Always assigns, so observers see
    /// every settled response even when the numbers happen to be unchanged.
    private func render() {
        guard let serverPost else { return }
        var count = serverPost.likesCount
        if desiredLiked != serverPost.likedByCurrentUser {
            count = Post.likesCount(count, afterLiking: desiredLiked)
        }
        isLiked = desiredLiked
        likesCount = max(count, 0)
    }

    private static func message(for error: any Error) -> String {
        DomainError.message(for: error)
    }
}

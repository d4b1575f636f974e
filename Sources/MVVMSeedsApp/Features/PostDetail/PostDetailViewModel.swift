import FoundationEssentials
import MVVMBindingCore
import MVVMDomain
import MVVMRuntime

/// A post with its comments, loaded together, and an optimistic like button.
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
@ViewModel
@MainActor
public final class PostDetailViewModel: ObservableObject {
    /// Why `post` and `comments` cannot be read: the post is not loaded (not yet, or its load
    /// failed). Its description is the message a host reads with MVVM_E_STATE.
    public struct NotLoaded: Error, CustomStringConvertible {
        public var description: String { "The post is not loaded; wait for notify::state to report MVVM_VIEW_STATE_LOADED." }
    }

    // MARK: - Properties

    /// The state of the post's load: idle, loading, then loaded (the post and its comments) or
    /// failed (never empty).
    @Published public private(set) var state: ViewState<PostDetail> = .idle
    /// Whether the current user likes the post: the like button's state (the person's latest
    /// intent).
    @Published public private(set) var isLiked = false
    /// How many people like the post: the server's count plus any change still being sent.
    @Published public private(set) var likesCount = 0
    /// Why the last like request failed, for an alert; `nil` when there is nothing to say.
    /// Load failures are reported through ``state`` instead.
    @Hidden @Published public private(set) var errorMessage: String?

    /// The failed like's message, else the failed load's (`state` failed); nil (NULL) when there
    /// is no error.
    @Exported("error-message", out: "out_message")
    @Changes(\PostDetailViewModel.$errorMessage, \PostDetailViewModel.state)
    public var displayedErrorMessage: String? { errorMessage ?? state.errorMessage }

    /// The post once `state` is loaded, with the live like state (`isLiked`, `likesCount`);
    /// before, reading it throws `NotLoaded` (the typed getter: MVVM_E_STATE; handlers get NULL).
    @Changes(\PostDetailViewModel.state, \PostDetailViewModel.isLiked, \PostDetailViewModel.likesCount)
    public var post: Post {
        get throws(NotLoaded) {
            var post = try loadedDetail.post
            post.likesCount = likesCount
            post.likedByCurrentUser = isLiked
            return post
        }
    }

    /// The loaded post's comments, oldest first; until `state` is loaded, reading them throws
    /// `NotLoaded` (from a host: MVVM_E_STATE).
    @List(item: "comment")
    public var comments: [Comment] {
        get throws(NotLoaded) { try loadedDetail.comments }
    }

    /// The post this screen shows.
    @Hidden public let postId: Post.ID

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

    /// Creates the detail screen of post `post_id` over `repository` (which it keeps alive).
    @Constructor
    static func make(repository: RepositoryObject, postId: Int) -> PostDetailViewModel {
        PostDetailViewModel(repository: repository.posts, postId: postId)
    }

    deinit {
        loadTask?.cancel()
        likeTask?.cancel()
    }

    // MARK: - Actions

    /// Loads the post and its comments together, the first time the screen appears; later
    /// appearances keep what is shown.
    public func onAppear() {
        guard case .idle = state else { return }
        load()
    }

    /// Fetches the post and its comments again (concurrently), cancelling a load in progress.
    /// `state` becomes `loading`, then `loaded` or `failed`.
    @Hidden
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

    /// Likes or unlikes at once, then tells the repository (one request at a time, however fast
    /// the taps); if a request fails, `isLiked` and `likesCount` roll back to the server's truth
    /// and `displayedErrorMessage` says why. Does nothing before the post has loaded.
    public func toggleLike() {
        guard serverPost != nil else { return }
        desiredLiked.toggle()
        render()
        if likeTask == nil { send(liked: desiredLiked) }
    }

    /// Clears ``errorMessage`` once the person has seen it.
    @Hidden
    public func dismissError() {
        errorMessage = nil
    }

    // MARK: - Private

    /// The loaded post and comments.
    private var loadedDetail: PostDetail {
        get throws(NotLoaded) {
            guard case .loaded(let detail) = state else { throw NotLoaded() }
            return detail
        }
    }

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

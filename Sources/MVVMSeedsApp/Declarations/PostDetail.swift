import CMVVM
import MVVMBindingCore
import MVVMDomain
import MVVMFeatures
import MVVMRuntime

extension PostDetailViewModel: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<PostDetailViewModel>(
        name: "PostDetail",
        summary: "A post with its comments, loaded together, and an optimistic like button.",
        constructor: .new(
            "Creates the detail screen of post `post_id` over `repository`.",
            arguments: [.repository, .int64("post_id")]
        ) { arguments throws(APIError) in
            let repository = arguments.repository(0)
            return (PostDetailViewModel(repository: repository.posts, postId: try arguments.int(1, "post_id")), repository)
        },
        properties: [
            .enumeration(
                "state", SeedsEnums.postState, "The state of the post's load (mvvm_view_state).",
                { $0.state }, changes: { $0.$state }),
            .bool("is-liked", "Whether the current user likes the post (0/1).", { $0.isLiked }, changes: { $0.$isLiked }),
            .int64("likes-count", "How many people like the post.", { $0.likesCount }, changes: { $0.$likesCount }),
            .optionalString(
                "error-message",
                """
                The failed like's message, else the failed load's (state FAILED); NULL when there is no error.
                """, out: "out_message", { $0.errorMessage ?? $0.state.errorMessage },
                changes: { $0.$errorMessage }, derivedFrom: ["state"]),
            .optionalRecord(
                "post",
                """
                The post once LOADED, with the live like state; the typed getter gives MVVM_E_STATE \
                before. Strings borrowed until the next getter call on this object, a change, or destruction.
                """, absent: .stateError("The post is not loaded; wait for notify::state to report MVVM_VIEW_STATE_LOADED."),
                { $0.livePost }, derivedFrom: ["state", "is-liked", "likes-count"]),
        ],
        commands: [
            .command("on-appear", "Loads the post and its comments together (once).") { $0.onAppear() },
            .command("toggle-like", "Likes or unlikes at once; rolls back to the server's truth if the request fails.") {
                $0.toggleLike()
            },
        ],
        lists: [
            .list(
                "comments", item: "comment", of: .comment, "Comment `index`, borrowed like the post's strings. MVVM_E_STATE unless LOADED.",
                out: "out_comment", countDoc: "The number of comments. MVVM_E_STATE unless LOADED.",
                count: { post throws(APIError) in try post.loadedDetail().comments.count },
                item: { post, index throws(APIError) in .record(try post.loadedDetail().comments[index]) })
        ])
}

extension PostDetailViewModel {
    /// The loaded post and comments, or the C error for "not loaded".
    fileprivate func loadedDetail() throws(APIError) -> PostDetail {
        guard case .loaded(let detail) = state else {
            throw APIError(MVVM_E_STATE, "The post is not loaded; wait for notify::state to report MVVM_VIEW_STATE_LOADED.")
        }
        return detail
    }

    /// The loaded post with the live like state, or nil.
    fileprivate var livePost: Post? {
        guard case .loaded(let detail) = state else { return nil }
        var post = detail.post
        post.likesCount = likesCount
        post.likedByCurrentUser = isLiked
        return post
    }
}

import CMVVM
import MVVMBinding
import MVVMDomain
import MVVMFeatures

/// The C face of a `PostDetailViewModel`.
@MainActor
final class PostDetailObject: RuntimeObject {
    override class var objectType: mvvm_type { MVVM_TYPE_POST_DETAIL }

    enum Signal {
        static let state = 0, isLiked = 1, likesCount = 2, errorMessage = 3
    }

    nonisolated static let typeDescription = TypeDescription(
        type: MVVM_TYPE_POST_DETAIL, name: "PostDetail",
        properties: [
            .property("state", .int32, getter: "mvvm_post_detail_get_state", outType: "int32_t *"),
            .property("is-liked", .int32, getter: "mvvm_post_detail_get_is_liked", outType: "int32_t *"),
            .property("likes-count", .int64, getter: "mvvm_post_detail_get_likes_count", outType: "int64_t *"),
            .property("error-message", .string, getter: "mvvm_post_detail_get_error_message", outType: "const char **"),
        ],
        commands: [
            .command("on-appear", "mvvm_post_detail_on_appear", run: { ($0 as! PostDetailObject).viewModel.onAppear() }),
            .command("toggle-like", "mvvm_post_detail_toggle_like", run: { ($0 as! PostDetailObject).viewModel.toggleLike() }),
        ],
        events: [])


    let viewModel: PostDetailViewModel
    private let repository: RepositoryObject?

    init(viewModel: PostDetailViewModel, repository: RepositoryObject?) {
        self.viewModel = viewModel
        self.repository = repository
        super.init(signals: Self.typeDescription.signals)
        // A failed load's message is the screen's error message too (see `errorMessage`).
        observe(viewModel.$state, announcing: Signal.state, Signal.errorMessage)
        observe(viewModel.$isLiked, announcing: Signal.isLiked)
        observe(viewModel.$likesCount, announcing: Signal.likesCount)
        observe(viewModel.$errorMessage, announcing: Signal.errorMessage)
    }

    var stateValue: Int32 {
        let state: mvvm_view_state
        switch viewModel.state {
        case .idle: state = MVVM_VIEW_STATE_IDLE
        case .loading: state = MVVM_VIEW_STATE_LOADING
        case .loaded: state = MVVM_VIEW_STATE_LOADED
        case .empty: state = MVVM_VIEW_STATE_EMPTY
        case .failed: state = MVVM_VIEW_STATE_FAILED
        }
        return Int32(state.rawValue)
    }

    /// The loaded post and comments, or the C error for "not loaded".
    func loaded() throws(APIError) -> PostDetail {
        guard case .loaded(let detail) = viewModel.state else {
            throw APIError(MVVM_E_STATE, "The post is not loaded (state \(stateValue)); wait for notify::state to report MVVM_VIEW_STATE_LOADED.")
        }
        return detail
    }

    /// What the host shows as the error: a failed like's message, else a failed load's.
    var errorMessage: String? {
        viewModel.errorMessage ?? viewModel.state.errorMessage
    }

    override func withCurrentValue(of index: Int, _ body: (SignalValue) -> Void) {
        switch index {
        case Signal.state: body(.int32(stateValue))
        case Signal.isLiked: body(.int32(viewModel.isLiked.cFlag))
        case Signal.likesCount: body(.int64(Int64(viewModel.likesCount)))
        default: withStringValue(errorMessage, body)
        }
    }
}

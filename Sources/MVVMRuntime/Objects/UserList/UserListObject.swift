import CMVVM
import MVVMBinding
import MVVMDomain
import MVVMFeatures

/// The C face of a `UserListViewModel`.
@MainActor
final class UserListObject: RuntimeObject {
    override class var objectType: mvvm_type { MVVM_TYPE_USER_LIST }

    /// Signal indices: the properties in `typeDescription` order, then the events.
    enum Signal {
        static let loading = 0, errorMessage = 1, count = 2, hasMorePages = 3
        static let rowsChanged = 4, userSelected = 5
    }

    nonisolated static let typeDescription = TypeDescription(
        type: MVVM_TYPE_USER_LIST, name: "UserList",
        properties: [
            .property("loading", .int32, getter: "mvvm_user_list_get_loading", outType: "int32_t *"),
            .property("error-message", .string, getter: "mvvm_user_list_get_error_message", outType: "const char **"),
            .property("count", .int64, getter: "mvvm_user_list_get_count", outType: "int64_t *"),
            .property("has-more-pages", .int32, getter: "mvvm_user_list_get_has_more_pages", outType: "int32_t *"),
        ],
        commands: [
            .command("on-appear", "mvvm_user_list_on_appear", run: { ($0 as! UserListObject).viewModel.onAppear() }),
            .command("refresh", "mvvm_user_list_refresh", run: { ($0 as! UserListObject).viewModel.refresh() }),
            .command("did-display-row", "mvvm_user_list_did_display_row", arguments: ["int64_t"]),
            .command("did-select-row", "mvvm_user_list_did_select_row", arguments: ["int64_t"]),
            .command("dismiss-error", "mvvm_user_list_dismiss_error", run: { ($0 as! UserListObject).viewModel.dismissError() }),
        ],
        events: [.event("rows-changed", .changes), .event("user-selected", .int64)])


    let viewModel: UserListViewModel
    /// Keeps the repository handle's Swift objects alive as long as the list (the header
    /// lets the host destroy the repository handle first).
    private let repository: RepositoryObject?

    init(viewModel: UserListViewModel, repository: RepositoryObject?) {
        self.viewModel = viewModel
        self.repository = repository
        super.init(signals: Self.typeDescription.signals)
        observe(viewModel.$loading, announcing: Signal.loading, Signal.hasMorePages)
        observe(viewModel.$errorMessage, announcing: Signal.errorMessage)
        subscribe(to: viewModel.rowChanges) { [unowned(unsafe) self] change in
            propertiesChanged(Self.mask([Signal.count, Signal.hasMorePages]))
            queueEvent(.changes(Signal.rowsChanged, [mvvm_list_change(change)]))
        }
        subscribe(to: viewModel.userSelected) { [unowned(unsafe) self] id in
            queueEvent(.int64(Signal.userSelected, Int64(id)))
        }
    }

    var loadingValue: Int32 {
        switch viewModel.loading {
        case .none: return Int32(MVVM_LOADING_NONE.rawValue)
        case .fullScreen: return Int32(MVVM_LOADING_FULL_SCREEN.rawValue)
        case .nextPage: return Int32(MVVM_LOADING_NEXT_PAGE.rawValue)
        }
    }

    override func withCurrentValue(of index: Int, _ body: (SignalValue) -> Void) {
        switch index {
        case Signal.loading: body(.int32(loadingValue))
        case Signal.errorMessage: withStringValue(viewModel.errorMessage, body)
        case Signal.count: body(.int64(Int64(viewModel.count)))
        default: body(.int32(viewModel.hasMorePages.cFlag))
        }
    }
}

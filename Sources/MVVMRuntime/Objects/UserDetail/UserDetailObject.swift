import CMVVM
import MVVMBinding
import MVVMDomain
import MVVMFeatures

/// The C face of a `UserDetailViewModel`.
@MainActor
final class UserDetailObject: RuntimeObject {
    override class var objectType: mvvm_type { MVVM_TYPE_USER_DETAIL }

    enum Signal {
        static let user = 0, draftName = 1, isSaving = 2, isDirty = 3, canSave = 4
        static let validationMessage = 5, errorMessage = 6, didSave = 7
    }

    nonisolated static let typeDescription = TypeDescription(
        type: MVVM_TYPE_USER_DETAIL, name: "UserDetail",
        properties: [
            .property("user", .user, getter: "mvvm_user_detail_get_user", outType: "int32_t *, mvvm_user *"),
            .property("draft-name", .string, getter: "mvvm_user_detail_get_draft_name", outType: "const char **"),
            .property("is-saving", .int32, getter: "mvvm_user_detail_get_is_saving", outType: "int32_t *"),
            .property("is-dirty", .int32, getter: "mvvm_user_detail_get_is_dirty", outType: "int32_t *"),
            .property("can-save", .int32, getter: "mvvm_user_detail_get_can_save", outType: "int32_t *"),
            .property("validation-message", .string, getter: "mvvm_user_detail_get_validation_message", outType: "const char **"),
            .property("error-message", .string, getter: "mvvm_user_detail_get_error_message", outType: "const char **"),
        ],
        commands: [
            .command("on-appear", "mvvm_user_detail_on_appear", run: { ($0 as! UserDetailObject).viewModel.onAppear() }),
            .command("set-draft-name", "mvvm_user_detail_set_draft_name", arguments: ["const char *"]),
            .command("save", "mvvm_user_detail_save", run: { ($0 as! UserDetailObject).viewModel.save() }),
        ],
        events: [.event("did-save", .user)])


    let viewModel: UserDetailViewModel
    private let repository: RepositoryObject?
    /// Reads the draft for every delivery without copying its wrapper; `viewModel`, held
    /// strongly, owns the property.
    private let draftNameReader: UnsafePublishedReader<String>

    init(viewModel: UserDetailViewModel, repository: RepositoryObject?) {
        self.viewModel = viewModel
        self.repository = repository
        draftNameReader = viewModel.$draftName.unsafeReader
        super.init(signals: Self.typeDescription.signals)
        // is-dirty is derived from the user and the draft, so both announce it too.
        observe(viewModel.$user, announcing: Signal.user, Signal.isDirty)
        observe(viewModel.$draftName, announcing: Signal.draftName, Signal.isDirty)
        observe(viewModel.$isSaving, announcing: Signal.isSaving)
        observe(viewModel.$canSave, announcing: Signal.canSave)
        observe(viewModel.$validationMessage, announcing: Signal.validationMessage)
        observe(viewModel.$errorMessage, announcing: Signal.errorMessage)
        subscribe(to: viewModel.didSave) { [unowned(unsafe) self] user in queueEvent(.user(Signal.didSave, user)) }
    }

    override func withCurrentValue(of index: Int, _ body: (SignalValue) -> Void) {
        switch index {
        case Signal.user:
            guard let user = viewModel.user else { return body(.user(nil)) }
            PendingEvent.user(Signal.user, user).withValue(body)
        case Signal.draftName: withStringValue(draftNameReader.value, body)
        case Signal.isSaving: body(.int32(viewModel.isSaving.cFlag))
        case Signal.isDirty: body(.int32(viewModel.isDirty.cFlag))
        case Signal.canSave: body(.int32(viewModel.canSave.cFlag))
        case Signal.validationMessage: withStringValue(viewModel.validationMessage, body)
        default: withStringValue(viewModel.errorMessage, body)
        }
    }
}

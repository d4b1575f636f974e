import MVVMDomain
import MVVMFeatures
import MVVMRuntime

extension UserDetailViewModel: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<UserDetailViewModel>(
        name: "UserDetail",
        summary: "One user's detail screen with an editable name.",
        constructor: .new(
            "Creates the detail screen of user `user_id` over `repository`.",
            arguments: [.repository, .int64("user_id")]
        ) { arguments throws(APIError) in
            let repository = arguments.repository(0)
            return (UserDetailViewModel(repository: repository.users, id: try arguments.int(1, "user_id")), repository)
        },
        properties: [
            .optionalRecord(
                "user",
                """
                The user as last loaded or saved. The typed getter sets *out_loaded to 1 and fills \
                *out_user once loaded; 0 (and *out_user untouched) before.
                """, absent: .loadedFlag, { $0.user }, changes: { $0.$user }),
            .string(
                "draft-name", "The name being edited. Never NULL.", { $0.draftName },
                changes: { $0.$draftName }, set: { $0.draftName = $1 },
                setterDoc: "Sets the draft name (copied). Validation runs at once: see \"validation-message\"."),
            .bool("is-saving", "Whether a save is running (0/1).", { $0.isSaving }, changes: { $0.$isSaving }),
            .bool(
                "is-dirty", "Whether the draft, trimmed, differs from the stored name (0/1).", { $0.isDirty },
                derivedFrom: ["user", "draft-name"]),
            .bool(
                "can-save", "Whether save would store the draft: loaded, dirty, valid, not saving (0/1).",
                { $0.canSave }, changes: { $0.$canSave }),
            .optionalString(
                "validation-message", "Why the draft can't be saved; NULL when it can.", out: "out_message",
                { $0.validationMessage }, changes: { $0.$validationMessage }),
            .optionalString(
                "error-message",
                """
                The last failed load's or save's message, or why save refused the draft; NULL when \
                there is none.
                """, out: "out_message", { $0.errorMessage }, changes: { $0.$errorMessage }),
        ],
        commands: [
            .command("on-appear", "Loads the user once.") { $0.onAppear() },
            .command(
                "save",
                """
                Saves the draft if \"can-save\"; emits \"did-save\" when stored. An invalid draft sets the \
                error message and saves nothing; a failed save keeps the draft.
                """
            ) { $0.save() },
        ],
        events: [.record("did-save", "The user as stored, after each successful save.", { $0.didSave })])
}

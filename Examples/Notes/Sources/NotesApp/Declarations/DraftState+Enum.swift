import MVVMRuntime

/// `notes_draft_state`: an editor's "draft-state" (NOTES_DRAFT_STATE_UNCHANGED, ...), a Python
/// `IntEnum` `DraftState`.
extension DraftState {
    static let declaration = EnumDeclaration<DraftState>(
        name: "DraftState", doc: "Where an editor's draft stands (\"draft-state\").",
        cases: [
            .case("unchanged", .unchanged, doc: "The draft is the stored note: nothing to save."),
            .case("invalid", .invalid, doc: "The draft was edited but cannot be saved; \"validation-message\" says why."),
            .case("ready", .ready, doc: "The draft was edited and can be saved."),
        ])
}

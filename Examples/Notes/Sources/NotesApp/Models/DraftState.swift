import MVVMRuntime

/// Where an editor's draft stands, in one value: what a host shows beside Save ("Saved",
/// "Fix the title", "Unsaved changes") without combining `isDirty` and `canSave` itself.
@Enumeration
public enum DraftState: Sendable, Equatable {
    /// The draft is the stored note (or an empty new note): nothing to save.
    case unchanged
    /// The draft differs from the stored note but cannot be saved ("validation-message" says why).
    case invalid
    /// The draft differs from the stored note and can be saved.
    case ready
}

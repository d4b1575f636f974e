/// A change of the coordinator's navigation stack, for hosts that are not UIKit: push the
/// screen's view on top, or remove the screen's (top) view and let go of its ViewModel.
public enum NavigationEvent: Hashable, Sendable {
    /// `Screen` became the top of the stack.
    case push(Screen)
    /// `Screen`, the previous top, left the stack.
    case pop(Screen)
}

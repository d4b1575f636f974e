import MVVMRuntime

/// A change of the coordinator's navigation stack, for hosts that are not UIKit: push the
/// screen's view on top, or remove the screen's (top) view and let go of its ViewModel.
public enum NavigationEvent: Hashable, Sendable {
    /// `Screen` became the top of the stack.
    case push(Screen)
    /// `Screen`, the previous top, left the stack.
    case pop(Screen)
}

/// The `action` of the coordinator's "navigate" signal, numbered from 1 as in 0.1 (an enum with
/// payloads: its cases match by a predicate, so it is declared by hand).
extension NavigationEvent: DeclaredEnum {
    public static let declaration = EnumDeclaration<NavigationEvent>(
        name: "Navigation", doc: "The coordinator's \"navigate\" action.",
        cases: [
            .case("push", number: 1, doc: "A screen was pushed: show it.", where: { if case .push = $0 { true } else { false } }),
            .case("pop", doc: "The top screen was popped: take it away.", where: { if case .pop = $0 { true } else { false } }),
        ])
}

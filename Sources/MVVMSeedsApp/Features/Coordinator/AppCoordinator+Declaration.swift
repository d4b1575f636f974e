import CMVVM
import MVVMRuntime

// The coordinator's C face, written with the builders underneath `@ViewModel`: its objects are
// a class of their own (`CoordinatorObject`, which owns each screen's handle), its "screens"
// list is read from that object rather than from the coordinator, and its "navigate" event
// carries a number and a handle, queued by that object.
extension AppCoordinator: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<AppCoordinator>(
        name: "Coordinator", handleName: "coordinator",
        summary: """
            The flow: user list -> user detail on "user-selected" -> back on "did-save", with the list \
            row updated in place; from the list, "show-search" pushes the user search, whose selection \
            pushes the detail the same way (list -> search -> detail, and saving pops back to the search). \
            Screens are ViewModel handles owned by the coordinator: the host must not destroy them, and \
            calls each new screen's "on-appear" when it shows it, as for screens it made itself. A \
            popped screen's handle stays valid until the end of the library call that popped it (so \
            what it announced, "did-save" included, is delivered first) and is invalid by the time \
            "navigate" reports the pop. A push caused by a selection is delivered after the \
            selection's own signal ("user-selected" first, then "navigate").
            """,
        constructor: ViewModelDeclaration<AppCoordinator>.Constructor(
            doc: "Creates a coordinator over `repository` (which it keeps alive).",
            arguments: [.object("repository", of: RepositoryObject.self)], out: "out_coordinator",
            make: { arguments in
                let repository = arguments.object(0, as: RepositoryObject.self)
                return (AppCoordinator(repository: repository.users), repository)
            },
            object: { CoordinatorObject(viewModel: $0, keepingAlive: $1) }),
        properties: [],
        commands: [
            .command("start", "Pushes the user list (emits \"navigate\"). Once; later calls do nothing.") { $0.start() },
            .command("back", "Pops the top screen (the host's back button); the root screen stays.") { $0.back() },
            .command("show-search", "Pushes the user search when the list is the top screen; otherwise does nothing.") {
                $0.showSearch()
            },
        ],
        lists: [
            .list(
                "screens", item: "screen", of: .object, "The screen at `index` (0 = root) of the stack.", out: "out_screen",
                countName: "depth", countDoc: "The number of screens on the stack.",
                count: { _ in 0 },  // CoordinatorObject counts and reads its screens itself
                item: { _, _ in .none })
        ],
        events: [
            .custom(
                "navigate",
                """
                A screen was pushed or popped: `action` is an mvvm_navigation; for a pop, `screen` is the \
                popped handle, already invalid: compare it, do not call with it.
                """, shape: .int32AndObject)
        ])
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

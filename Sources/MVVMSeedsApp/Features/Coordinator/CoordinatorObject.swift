import CMVVM
import CMVVMSeeds
import MVVMBindingCore
import MVVMRuntime

/// The C face of an `AppCoordinator` (`@ViewModel(object:)`). Each pushed screen's ViewModel
/// gets a handle owned by the coordinator, listed as "screens" and announced by "navigate";
/// popping destroys it.
@MainActor
final class CoordinatorObject: ViewModelObject<AppCoordinator>, ViewModelObjectClass {
    nonisolated static let lists: [ViewModelDeclaration<AppCoordinator>.List] = [
        .list(
            "screens", item: "screen", of: .object,
            """
            The screen at `index` (0 = root) of the stack: a ViewModel handle the coordinator owns. \
            The host must not destroy it, and calls a new screen's "on-appear" when it shows it, as for \
            screens it made itself.
            """,
            out: "out_screen", countName: "depth", countDoc: "The number of screens on the stack.",
            count: { _ in 0 },  // counted and read by the object: count(of:), item(of:at:)
            item: { _, _ in .none })
    ]

    nonisolated static let events: [ViewModelDeclaration<AppCoordinator>.Event] = [
        .custom(
            "navigate",
            """
            A screen was pushed or popped: `action` is an mvvm_navigation; for a pop, `screen` is the \
            popped handle, already invalid: compare it, do not call with it. A popped screen's handle \
            stays valid until the end of the library call that popped it (so what it announced, \
            "did-save" included, is delivered first). A push caused by a selection is delivered after \
            the selection's own signal ("user-selected" first, then "navigate").
            """, shape: .int32AndObject)
    ]

    private var navigationSignal: Int { AppCoordinator.declaration.eventSignals[0] }
    /// The handles of the stack's screens, root first.
    private(set) var screens: [RuntimeObject] = []
    /// Popped screens whose pending signals must reach the host before they are destroyed.
    private var poppedAwaitingDelivery: [RuntimeObject] = []
    /// The coordinator's navigation, followed for the object's whole life.
    private var navigation: AnyCancellable?

    override init(viewModel: AppCoordinator, keepingAlive keptAlive: RuntimeObject?) {
        super.init(viewModel: viewModel, keepingAlive: keptAlive)
        navigation = subscription(to: viewModel.navigation) { object, event in
            let coordinator = unsafeDowncast(object, to: CoordinatorObject.self)
            switch event {
            case .push(let screen): coordinator.push(screen)
            case .pop: coordinator.pop()
            }
        }
    }

    /// The "screen" list reads the handles kept here, not the ViewModel.
    override func count(of list: ViewModelDeclaration<AppCoordinator>.List) throws(APIError) -> Int {
        screens.count
    }

    override func item(of list: ViewModelDeclaration<AppCoordinator>.List, at index: Int) throws(APIError) -> Value {
        .object(screens[index].handle?.pointer)
    }

    private func push(_ screen: Screen) {
        guard let runtime = Runtime.current else { return }
        // Every screen's ViewModel is a declared type: its object follows from the declaration.
        guard let viewModel = screen.viewModel as? any DeclaredViewModel else {
            preconditionFailure("\(Swift.type(of: screen.viewModel)) has no declaration (@ViewModel)")
        }
        let object = Self.object(for: viewModel)
        // The coordinator hears a selection before the selecting screen's own subscriber
        // (it subscribed first): queue that screen now, so its "user-selected" is delivered
        // before this "navigate", in the order the two happened.
        if let selecting = screens.last { Runtime.scheduleDelivery(of: selecting) }
        object.isOwned = true
        let handle = runtime.register(object)
        screens.append(object)
        queueEvent(.int32AndObject(navigationSignal, Int32(MVVM_NAVIGATION_PUSH.rawValue), handle))
    }

    private func pop() {
        guard let runtime = Runtime.current, let object = screens.popLast(), let handle = object.handle else { return }
        queueEvent(.int32AndObject(navigationSignal, Int32(MVVM_NAVIGATION_POP.rawValue), handle.pointer))
        guard runtime.isInsideCall else { return runtime.destroy(object) }
        // The screen may itself have caused the pop (the detail's did-save), and may still be
        // announcing it: keep it alive until the delivery, so what it announced reaches the
        // host first; the handle dies just before the pop event.
        poppedAwaitingDelivery.append(object)
        Runtime.scheduleDelivery(of: self)
    }

    private static func object<VM: DeclaredViewModel>(for viewModel: VM) -> RuntimeObject {
        VM.declaration.object(for: viewModel, keepingAlive: nil)
    }

    override func deliverPending() {
        let popped = poppedAwaitingDelivery
        poppedAwaitingDelivery.removeAll()
        for object in popped where object.isAlive {
            if object.isQueuedForDelivery { object.deliverPending() }
            Runtime.current?.destroy(object)
        }
        super.deliverPending()
    }

    override func tearDown() {
        navigation?.cancel()
        navigation = nil
        let owned = screens + poppedAwaitingDelivery
        screens.removeAll()
        poppedAwaitingDelivery.removeAll()
        for object in owned.reversed() { Runtime.current?.destroy(object) }
    }
}

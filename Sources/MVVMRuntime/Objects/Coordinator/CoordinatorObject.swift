import CMVVM
import MVVMBinding
import MVVMFeatures

/// The C face of an `AppCoordinator`. Each pushed screen's ViewModel gets a handle owned by
/// the coordinator; popping destroys it.
@MainActor
final class CoordinatorObject: RuntimeObject {
    override class var objectType: mvvm_type { MVVM_TYPE_COORDINATOR }

    enum Signal {
        static let navigate = 0
    }

    nonisolated static let typeDescription = TypeDescription(
        type: MVVM_TYPE_COORDINATOR, name: "Coordinator",
        properties: [],
        commands: [
            .command("start", "mvvm_coordinator_start", run: { ($0 as! CoordinatorObject).coordinator.start() }),
            .command("back", "mvvm_coordinator_back", run: { ($0 as! CoordinatorObject).coordinator.back() }),
        ],
        events: [.event("navigate", .navigate)])


    let coordinator: AppCoordinator
    private let repository: RepositoryObject
    private var subscription: AnyCancellable?
    /// The handles of the stack's screens, root first.
    private(set) var screens: [RuntimeObject] = []

    init(coordinator: AppCoordinator, repository: RepositoryObject) {
        self.coordinator = coordinator
        self.repository = repository
        super.init(signals: Self.typeDescription.signals)
        subscription = coordinator.navigation.sink { [unowned self] event in
            switch event {
            case .push(let screen): push(screen)
            case .pop: pop()
            }
        }
    }

    private func push(_ screen: Screen) {
        guard let runtime = Runtime.current else { return }
        let object: RuntimeObject
        switch screen {
        case .userList(let viewModel): object = UserListObject(viewModel: viewModel, repository: nil)
        case .userDetail(let viewModel): object = UserDetailObject(viewModel: viewModel, repository: nil)
        }
        object.isOwnedByCoordinator = true
        let handle = runtime.register(object)
        screens.append(object)
        queueEvent(.navigate(Signal.navigate, action: Int32(MVVM_NAVIGATION_PUSH.rawValue), screen: handle))
    }

    private func pop() {
        guard let runtime = Runtime.current, let object = screens.popLast(), let handle = object.handle else { return }
        queueEvent(.navigate(Signal.navigate, action: Int32(MVVM_NAVIGATION_POP.rawValue), screen: handle.pointer))
        guard runtime.isInsideCall else { return runtime.destroy(object) }
        // The screen may itself have caused the pop (the detail's did-save), and may still be
        // announcing it: `AppCoordinator` hears did-save before this runtime's own subscriber
        // does, so the event is queued only after this pop. Keep the screen alive until the
        // delivery: what it announced, did-save included, reaches the host first; the handle
        // dies just before the pop event.
        poppedAwaitingDelivery.append(object)
        Runtime.scheduleDelivery(of: self)
    }

    /// Popped screens whose pending signals must reach the host before they are destroyed.
    private var poppedAwaitingDelivery: [RuntimeObject] = []

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
        subscription = nil
        let owned = screens + poppedAwaitingDelivery
        screens.removeAll()
        poppedAwaitingDelivery.removeAll()
        for object in owned.reversed() { Runtime.current?.destroy(object) }
    }
}

import CMVVM
import MVVMFeatures

@MainActor @c public func mvvm_coordinator_new(_ repository: OpaquePointer?, _ outCoordinator: UnsafeMutablePointer<OpaquePointer?>?) -> mvvm_status {
    objectNew(over: repository, into: outCoordinator, "out_coordinator") { repository in
        CoordinatorObject(coordinator: AppCoordinator(repository: repository.users), repository: repository)
    }
}

@MainActor @c public func mvvm_coordinator_start(_ coordinator: OpaquePointer?) -> mvvm_status {
    objectCall(coordinator, as: CoordinatorObject.self) { $0.coordinator.start() }
}

@MainActor @c public func mvvm_coordinator_back(_ coordinator: OpaquePointer?) -> mvvm_status {
    objectCall(coordinator, as: CoordinatorObject.self) { $0.coordinator.back() }
}

@MainActor @c public func mvvm_coordinator_get_depth(_ coordinator: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectGet(coordinator, as: CoordinatorObject.self, out, "out_depth") { Int64($0.screens.count) }
}

@MainActor @c public func mvvm_coordinator_get_screen(
    _ coordinator: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    objectGet(coordinator, as: CoordinatorObject.self, out, "out_screen") { object throws(APIError) in
        object.screens[try checkedIndex(index, count: object.screens.count, "Screen")].handle?.pointer
    }
}

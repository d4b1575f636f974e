import CMVVM
import CMVVMSeeds
import Dispatch
import MVVMDomain
import MVVMFeatures
import MVVMRuntime

/// The seeds' app as the framework sees it: its records and types, registered in the order that
/// gives them their historical numbers (`MVVM_VALUE_USER` 7, `MVVM_TYPE_REPOSITORY` 1, …).
public enum SeedsApp {
    /// Registers everything into `registry` (the shared one, from `MVVMApplicationRegisterTypes`).
    static func register(into registry: TypeRegistry) throws(RegistrationError) {
        try registry.register(record: User.self, prefix: "mvvm")
        try registry.register(record: Post.self, prefix: "mvvm")
        try registry.register(record: Comment.self, prefix: "mvvm")
        try registry.register(enumeration: SeedsEnums.loading, prefix: "mvvm")
        try registry.register(enumeration: SeedsEnums.postState, prefix: "mvvm")
        try registry.register(enumeration: SeedsEnums.navigation, prefix: "mvvm")
        for declaration: TypeDeclaration in [
            RepositoryObject.declaration,
            UserListViewModel.declaration,
            UserDetailViewModel.declaration,
            PostDetailViewModel.declaration,
            SortedIntegersViewModel.declaration,
            StopwatchViewModel.declaration,
            AppCoordinator.declaration,
            UserSearchViewModel<DispatchQueue>.declaration,
        ] {
            try registry.register(declaration)
        }
        // Host repositories need no shutdown work of their own: the framework ends pending
        // requests and destroys every host table still alive (HostLifetime).
    }

}

/// The application's registration function, which the framework calls once, on the registry's
/// first use (docs/DESIGN.md). A refused registration (a programming error of this app) is
/// kept: mvvm_init() answers it with MVVM_E_STATE and its message.
@c(MVVMApplicationRegisterTypes) public func registerSeedsAppTypes() {
    TypeRegistry.shared.registerApplication(SeedsApp.register(into:))
}

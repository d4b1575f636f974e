import Dispatch
import MVVMBindingCore
import MVVMDomain
import MVVMRuntime

// The seeds' app as the framework sees it, in the C namespace "mvvm": its enums and records,
// then its types in the order that gives them their historical numbers (MVVM_TYPE_REPOSITORY 1,
// MVVM_TYPE_USER_LIST 2, …; the records MVVM_VALUE_USER 7, MVVM_VALUE_POST 8, MVVM_VALUE_COMMENT
// 9: records are numbered apart from enums). Host repositories need no shutdown work of their
// own: the framework ends pending requests and destroys every host table still alive.
#registerApplication(
    namespace: "mvvm",
    enums: [UserListViewModel.Loading.self, ViewState<PostDetail>.self, NavigationEvent.self],
    records: [User.self, Post.self, Comment.self],
    types: [
        RepositoryObject.self, UserListViewModel.self, UserDetailViewModel.self, PostDetailViewModel.self, SortedIntegersViewModel.self,
        StopwatchViewModel.self, AppCoordinator.self, UserSearchViewModel<DispatchQueue>.self,
    ])

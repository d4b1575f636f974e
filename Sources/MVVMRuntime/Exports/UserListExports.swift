import CMVVM
import MVVMFeatures

@MainActor @c public func mvvm_user_list_new(_ repository: OpaquePointer?, _ outVM: UnsafeMutablePointer<OpaquePointer?>?) -> mvvm_status {
    objectNew(over: repository, into: outVM, "out_vm") { repository in
        UserListObject(viewModel: UserListViewModel(repository: repository.users), repository: repository)
    }
}

@MainActor @c public func mvvm_user_list_on_appear(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: UserListObject.self) { $0.viewModel.onAppear() }
}

@MainActor @c public func mvvm_user_list_refresh(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: UserListObject.self) { $0.viewModel.refresh() }
}

@MainActor @c public func mvvm_user_list_did_display_row(_ vm: OpaquePointer?, _ index: Int64) -> mvvm_status {
    objectCall(vm, as: UserListObject.self) { list throws(APIError) in
        list.viewModel.didDisplayRow(at: try checkedIndex(index, count: list.viewModel.count, "Row"))
    }
}

@MainActor @c public func mvvm_user_list_did_select_row(_ vm: OpaquePointer?, _ index: Int64) -> mvvm_status {
    objectCall(vm, as: UserListObject.self) { list throws(APIError) in
        list.viewModel.didSelectRow(at: try checkedIndex(index, count: list.viewModel.count, "Row"))
    }
}

@MainActor @c public func mvvm_user_list_dismiss_error(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: UserListObject.self) { $0.viewModel.dismissError() }
}

@MainActor @c public func mvvm_user_list_get_count(_ vm: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectGet(vm, as: UserListObject.self, outCount, "out_count") { Int64($0.viewModel.count) }
}

@MainActor @c public func mvvm_user_list_get_row(_ vm: OpaquePointer?, _ index: Int64, _ outUser: UnsafeMutablePointer<mvvm_user>?) -> mvvm_status {
    objectGet(vm, as: UserListObject.self, outUser, "out_user") { list throws(APIError) in
        let user = list.viewModel.users[try checkedIndex(index, count: list.viewModel.count, "Row")]
        list.borrowed.releaseAll()
        return mvvm_user(user, lendingFrom: list.borrowed)
    }
}

@MainActor @c public func mvvm_user_list_get_loading(_ vm: OpaquePointer?, _ outLoading: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: UserListObject.self, outLoading, "out_loading") { $0.loadingValue }
}

@MainActor @c public func mvvm_user_list_get_has_more_pages(_ vm: OpaquePointer?, _ outHasMore: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: UserListObject.self, outHasMore, "out_has_more") { $0.viewModel.hasMorePages.cFlag }
}

@MainActor @c public func mvvm_user_list_get_error_message(_ vm: OpaquePointer?, _ outMessage: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: UserListObject.self, outMessage, "out_message") { list in
        return list.borrowed.lendFresh(list.viewModel.errorMessage)
    }
}

import CMVVM
import MVVMFeatures

@MainActor @c public func mvvm_user_detail_new(
    _ repository: OpaquePointer?, _ userID: Int64, _ outVM: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    objectNew(over: repository, into: outVM, "out_vm") { repository throws(APIError) in
        let viewModel = UserDetailViewModel(repository: repository.users, id: try checkedID(userID, "user_id"))
        return UserDetailObject(viewModel: viewModel, repository: repository)
    }
}

@MainActor @c public func mvvm_user_detail_on_appear(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: UserDetailObject.self) { $0.viewModel.onAppear() }
}

@MainActor @c public func mvvm_user_detail_set_draft_name(_ vm: OpaquePointer?, _ draftName: UnsafePointer<CChar>?) -> mvvm_status {
    objectCall(vm, as: UserDetailObject.self) { detail throws(APIError) in
        detail.viewModel.draftName = try string(from: draftName, "draft_name")
    }
}

@MainActor @c public func mvvm_user_detail_save(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: UserDetailObject.self) { $0.viewModel.save() }
}

@MainActor @c public func mvvm_user_detail_get_user(
    _ vm: OpaquePointer?, _ outLoaded: UnsafeMutablePointer<Int32>?, _ outUser: UnsafeMutablePointer<mvvm_user>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let loaded = try require(outLoaded, "out_loaded")
        let out = try require(outUser, "out_user")
        let detail = try runtime.object(vm, as: UserDetailObject.self)
        detail.borrowed.releaseAll()
        guard let user = detail.viewModel.user else {
            loaded.pointee = 0
            return
        }
        out.pointee = mvvm_user(user, lendingFrom: detail.borrowed)
        loaded.pointee = 1
    }
}

@MainActor @c public func mvvm_user_detail_get_draft_name(_ vm: OpaquePointer?, _ outDraft: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: UserDetailObject.self, outDraft, "out_draft_name") { detail in
        return detail.borrowed.lendFresh(detail.viewModel.draftName)
    }
}

@MainActor @c public func mvvm_user_detail_get_is_saving(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: UserDetailObject.self, out, "out_is_saving") { $0.viewModel.isSaving.cFlag }
}

@MainActor @c public func mvvm_user_detail_get_is_dirty(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: UserDetailObject.self, out, "out_is_dirty") { $0.viewModel.isDirty.cFlag }
}

@MainActor @c public func mvvm_user_detail_get_can_save(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: UserDetailObject.self, out, "out_can_save") { $0.viewModel.canSave.cFlag }
}

@MainActor @c public func mvvm_user_detail_get_validation_message(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: UserDetailObject.self, out, "out_message") { detail in
        return detail.borrowed.lendFresh(detail.viewModel.validationMessage)
    }
}

@MainActor @c public func mvvm_user_detail_get_error_message(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: UserDetailObject.self, out, "out_message") { detail in
        return detail.borrowed.lendFresh(detail.viewModel.errorMessage)
    }
}

import CMVVM
import MVVMDomain
import MVVMRuntime

/// `mvvm_user`: the id, name and email.
extension User: RecordValue {
    public func withCForm(_ body: (UnsafePointer<mvvm_user>) -> Void) {
        name.withCString { name in
            email.withCString { email in
                var form = mvvm_user(id: Int64(id), name: name, email: email)
                withUnsafePointer(to: &form, body)
            }
        }
    }

    @MainActor public func cForm(lendingFrom strings: BorrowedStrings) -> mvvm_user {
        mvvm_user(id: Int64(id), name: strings.lend(name), email: strings.lend(email))
    }
}

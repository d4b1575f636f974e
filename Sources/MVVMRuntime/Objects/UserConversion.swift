import CMVVM
import MVVMDomain

extension mvvm_user {
    /// The C form of `user`, its strings lent from `strings`.
    @MainActor
    init(_ user: User, lendingFrom strings: BorrowedStrings) {
        self.init(id: Int64(user.id), name: strings.lend(user.name), email: strings.lend(user.email))
    }
}

extension PendingEvent {
    /// A user-carrying event, holding a copy of the user.
    static func user(_ index: Int, _ user: User) -> PendingEvent {
        .user(index, id: Int64(user.id), name: user.name, email: user.email)
    }
}

// Seed 000, `Features/UserDetail/UserDetailViewModel.swift`, verbatim except the import (the
// seed's file relies on the list file's imports; this file states them).
import MVVMBinding
import Foundation

@MainActor
public final class UserDetailViewModel {
    @Published public private(set) var user: User?
    @Published public var draftName: String = ""
    @Published public private(set) var isSaving = false
    @Published public var errorMessage: String?
    public let didSave = PassthroughSubject<User, Never>()

    public var isDirty: Bool { user?.name != draftName }
    public var canSave: Bool { isDirty && !draftName.isEmpty && !isSaving }

    private let repository: UserRepository
    private let id: User.ID

    public init(repository: UserRepository, id: User.ID) {
        self.repository = repository; self.id = id
    }

    public func onAppear() {
        guard user == nil else { return }
        Task { [weak self] in
            guard let self else { return }
            do {
                let u = try await repository.fetchUser(id: id)
                user = u; draftName = u.name
            } catch {
                errorMessage = error.localizedDescription
            }
        }
    }

    public func save() {
        guard var u = user, canSave else { return }
        u.name = draftName
        isSaving = true
        Task { [weak self] in
            guard let self else { return }
            do {
                let saved = try await repository.update(u)
                user = saved; draftName = saved.name
                didSave.send(saved)
            } catch {
                errorMessage = error.localizedDescription
            }
            isSaving = false
        }
    }
}

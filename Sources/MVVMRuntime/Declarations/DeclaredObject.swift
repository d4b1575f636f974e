import CMVVM

/// A class of the application's objects that is no ViewModel: a `RuntimeObject` subclass with
/// a type of its own (a store made by constructors of its own), which names its declaration as
/// a `DeclaredViewModel` does, so that `#registerApplication(types:)` registers it by its type.
@MainActor
public protocol DeclaredObject: RuntimeObject {
    nonisolated static var declaration: TypeDeclaration { get }
}

extension TypeRegistry {
    /// Registers the ViewModel type `type` and gives it the next type number. The
    /// application's registration registers it by its names (`DeclaredViewModel.declaredNames`)
    /// and builds its declaration when the type is first used; a registry of its own (tests)
    /// registers its declaration.
    @discardableResult
    public func register<VM: DeclaredViewModel>(type: VM.Type) throws(RegistrationError) -> mvvm_type {
        guard registersByNames else { return try register(VM.declaration) }
        // Erased: only the nonisolated `declaration` is read through it, on whichever thread asks.
        nonisolated(unsafe) let viewModel: any DeclaredViewModel.Type = type
        return try register(VM.declaredNames) { viewModel.typeDeclaration }
    }

    /// Registers the object class `type` (its declaration) and gives it the next type number.
    @discardableResult
    public func register<T: DeclaredObject>(type: T.Type) throws(RegistrationError) -> mvvm_type {
        try register(T.declaration)
    }
}

import CMVVM

/// A class of the application's objects that is no ViewModel: a `RuntimeObject` subclass with
/// a type of its own (a store made by constructors of its own), which names its declaration as
/// a `DeclaredViewModel` does, so that `#registerApplication(types:)` registers it by its type.
@MainActor
public protocol DeclaredObject: RuntimeObject {
    nonisolated static var declaration: TypeDeclaration { get }
}

extension TypeRegistry {
    /// Registers the ViewModel type `type` (its declaration) and gives it the next type number.
    @discardableResult
    public func register<VM: DeclaredViewModel>(type: VM.Type) throws(RegistrationError) -> mvvm_type {
        try register(VM.declaration)
    }

    /// Registers the object class `type` (its declaration) and gives it the next type number.
    @discardableResult
    public func register<T: DeclaredObject>(type: T.Type) throws(RegistrationError) -> mvvm_type {
        try register(T.declaration)
    }
}

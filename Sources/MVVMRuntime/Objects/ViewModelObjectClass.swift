/// The class of an `@ViewModel(object: Class.self)` type's objects: a `ViewModelObject`
/// subclass serving C members its ViewModel's Swift API has not, declared here beside the code
/// that serves them: lists it reads itself (overriding `count(of:)` and `item(of:at:)`) and
/// events it queues itself (`queueEvent`). They follow the ViewModel's own lists and events in
/// the declaration. Every object of the type is of this class, whoever makes it: a constructor,
/// a host constructor, or `ViewModelDeclaration.object(for:keepingAlive:)`.
@MainActor
public protocol ViewModelObjectClass<ViewModel>: RuntimeObject {
    associatedtype ViewModel: DeclaredViewModel
    init(viewModel: ViewModel, keepingAlive: RuntimeObject?)
    /// Lists the class counts and reads itself.
    nonisolated static var lists: [ViewModelDeclaration<ViewModel>.List] { get }
    /// Events the class queues itself (`ViewModelDeclaration.Event.custom`).
    nonisolated static var events: [ViewModelDeclaration<ViewModel>.Event] { get }
}

extension ViewModelObjectClass {
    public nonisolated static var lists: [ViewModelDeclaration<ViewModel>.List] { [] }
    public nonisolated static var events: [ViewModelDeclaration<ViewModel>.Event] { [] }
}

/// Declares a struct a record from its code (`RecordDeclaration` without restating it): its
/// stored properties are the fields, in order, their C names the properties' in snake case
/// (`updatedAt` → `updated_at`) and their docs the `///` comments; the struct's doc comment
/// is the record's. The record is readable (the host may pass it): its memberwise initialiser
/// builds the model back from C, and `validatedRecord(_:fields:)` may refuse it.
/// `readable: false` for a record the library only hands out; `name:` when the C name is
/// not the type's. The compiler plugin is built by `make deps` (scripts/build-macros.sh) and
/// loaded by `-load-plugin-library` in the target's flags.
@attached(extension, conformances: RecordValue, names: named(recordDeclaration))
public macro Record(name: String? = nil, readable: Bool = true) = #externalMacro(module: "MVVMMacros", type: "RecordMacro")

/// Declares an enum without payloads a C enum from its code (`EnumDeclaration` without
/// restating it): its cases in order, their names in snake case, their docs the `///`
/// comments, their numbers the integer raw values (else counting on from the case before).
@attached(extension, conformances: DeclaredEnum, names: named(declaration))
public macro Enumeration(name: String? = nil) = #externalMacro(module: "MVVMMacros", type: "EnumerationMacro")

/// Declares a ViewModel class's C API from its public API (`ViewModelDeclaration` without
/// restating it): each `@Published public var` is a property (settable from C and Python unless
/// its setter is `private(set)`), announced by its `$` publisher; a public computed property
/// marked `@Changes(\Type.$publisher, \Type.otherProperty)` is a property announced by what
/// those key paths name; an array marked `@List` is a list; each public method is a command,
/// its parameters the arguments (Int, String, Bool, Double, UInt64, [Int], [Int64], an
/// `@Enumeration`, an `@Record`, a ViewModel's object, a `DeclaredObject`'s), its return value
/// the result; each public `PassthroughSubject` of a record or an `Int` is an event; a
/// `@Constructor static func` making the type is its constructor, and the `@OnDestroy` method
/// runs as the host destroys the object. Names follow in kebab case (`draftTitle` →
/// "draft-title", `onAppear()` → "on-appear") unless `@Exported("…")` gives one; docs are the
/// `///` comments, and the type's first paragraph is its summary. `@Hidden` keeps a public
/// member out. `name:` defaults to the class's name without "ViewModel". A class generic over
/// one parameter (a scheduler, for `TestScheduler` in tests) names the type it ships with:
/// `specialization: DispatchQueue.self` declares `SearchViewModel<DispatchQueue>`. The C
/// namespace is the application's (`#registerApplication(namespace:)`), unless `namespace:`
/// names another. `object:` names the class of the type's objects when the C face has members
/// the ViewModel's Swift API has not (a `ViewModelObjectClass`: a coordinator's stack of screen
/// handles, an event carrying one), declared in that class beside the code serving them. The
/// conformance also states `declaredNames`, by which the application's registration registers
/// the type without building its declaration (built when the type is first used).
@attached(extension, conformances: DeclaredViewModel, names: named(declaration), named(declaredNames))
@attached(peer, names: prefixed(_mvvmDeclarationOf))
public macro ViewModel(
    _ name: String? = nil, namespace: String? = nil, prefix: String? = nil, handle: String = "vm", specialization: Any.Type? = nil,
    object: AnyObject.Type? = nil
) = #externalMacro(module: "MVVMMacros", type: "ViewModelMacro")

/// An `@ViewModel` member's C name, or a property's typed getter's out-parameter name, when
/// they are not the ones that follow from the Swift name. `readOnly: true` on a property Swift
/// code may set keeps C and Python from setting it (no setter); `discardsResult: true` on a
/// method returning a value makes a command without a result (the value is for Swift callers).
@attached(peer)
public macro Exported(_ name: String? = nil, out: String? = nil, readOnly: Bool = false, discardsResult: Bool = false) =
    #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// Keeps a public member out of an `@ViewModel`'s C API.
@attached(peer)
public macro Hidden() = #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// What announces a computed property of an `@ViewModel`, by key paths: a `$publisher` of a
/// `@Published` property (`@Changes(\ItemEditorViewModel.$item) public var itemID: Int { item.id }`),
/// another property the type exports, whose changes change this one (`@Changes(\ItemListViewModel.loading,
/// \ItemListViewModel.count) public var hasMore: Bool`), or a `@Published` property it does not
/// export (`@Hidden` or not public), whose publisher it observes. Several may be given.
@attached(peer)
public macro Changes<Root>(_ sources: PartialKeyPath<Root>...) = #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// The `static func` an `@ViewModel`'s C constructor calls: its parameters are the arguments
/// (an object argument's object is kept alive as long as the new one); it may throw an
/// `APIError`, which the host gets. `out:` names the typed constructor's out-parameter.
@attached(peer)
public macro Constructor(out: String = "out_vm") = #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// The `static func` an `@ViewModel`'s constructor over a host's table calls
/// (`PREFIX_new_host()`, `mvvm_object_new_host()`): it takes the adapter of the table (a
/// `HostAdapter`, the class an `@HostInterface` writes) and returns the new object.
@attached(peer)
public macro HostConstructor(out: String = "out_vm") = #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// Declares a repository protocol a host implements from its requirements
/// (`HostInterfaceDeclaration` and its adapter without restating them): each `async throws`
/// requirement is a method of the host's table, named in snake case (`allItems()` →
/// `all_items`) unless `@Exported("…")` says otherwise, its parameters the arguments and its
/// result the answer (records, a record, a number, a string, or nothing), its `///` comment
/// the doc. The expansion is the class `Host<Protocol>` conforming to the protocol over a
/// `HostImplementation` (`init(host:)`), whose `interface` is the declaration a
/// `@HostConstructor` names. The table's C name starts with the application's namespace
/// (`#registerApplication(namespace:)`), unless `namespace:` names another.
@attached(peer, names: prefixed(Host))
public macro HostInterface(namespace: String? = nil) = #externalMacro(module: "MVVMMacros", type: "HostInterfaceMacro")

/// The application's registration and C namespace, written once: `#registerApplication(namespace: "app",
/// enums: [Priority.self], records: [Item.self], types: [ItemStore.self, ItemEditorViewModel.self])`
/// writes the function the framework calls once (`MVVMApplicationRegisterTypes`), registering the
/// enums, then the records (the namespace their C prefix: `app_item`), then the types in the
/// order given (their type numbers from 1). A refusal is kept, and `mvvm_init()` answers it
/// (`TypeRegistry.registerApplication`).
/// The namespace is stated here only: the module's `@ViewModel` types and `@HostInterface`
/// tables take it (`app_item_list_new`, `app_store_vtable`).
/// `enums` are `DeclaredEnum`s (an `@Enumeration`, an enum with its declaration written by
/// hand) and `ViewState<Item>`; `types` are `DeclaredViewModel`s (an `@ViewModel`, or a
/// `ViewModelDeclaration` written by hand) and `DeclaredObject`s (an object class made by
/// constructors of its own). Enums and records are numbered apart (records from the first
/// value kind after mvvm.h's), so the order of the two lists changes no number.
@freestanding(declaration, names: named(_mvvmRegisterApplication), named(_mvvmNamespace))
public macro registerApplication(
    namespace: String, enums: [Any.Type] = [], records: [any RecordValue.Type] = [], types: [AnyObject.Type] = []
) = #externalMacro(module: "MVVMMacros", type: "RegisterApplicationMacro")

/// A list of an `@ViewModel`: the array property it is on (of records, strings or integers) is
/// read by index (`item:` names the typed item getter, `PREFIX_get_ITEM`), and changes by the
/// change sets the publisher `changes` sends (a subject, an `AnyPublisher`: then no event or
/// property of its own); `signal:` names the signal carrying them, `count:` the property that
/// counts the items (announced by those change sets; without one, a count getter of its own).
@attached(peer)
public macro List<Root, Value>(
    _ name: String? = nil, item: String, out: String? = nil, changes: KeyPath<Root, Value>, signal: String? = nil, count: String? = nil
) = #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// A list of an `@ViewModel` that no change sets announce: a `@Published` array's own (an
/// append becomes an insert, anything else a reset), or, on an array that is not published,
/// none (its count and items then follow another property, such as a load's state). A getter
/// that throws (`var items: [Item] { get throws }`) makes its count and items answer
/// MVVM_E_STATE, with the error's description, while it throws.
@attached(peer)
public macro List(_ name: String? = nil, item: String, out: String? = nil, signal: String? = nil, count: String? = nil) =
    #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// The method of an `@ViewModel` the runtime calls when the host destroys the object (before
/// the ViewModel is released): to stop work that would outlive it, such as a timer. At most one,
/// without parameters; it may also be a command.
@attached(peer)
public macro OnDestroy() = #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// An `@ViewModel` command's first parameter is an index into the list `list`: the runtime
/// checks it against the list's count before the command runs (MVVM_E_OUT_OF_RANGE).
@attached(peer)
public macro ListIndex(of list: String) = #externalMacro(module: "MVVMMacros", type: "MarkerMacro")

/// The C namespace of an `@ViewModel` or `@HostInterface` that names none, in a module without
/// `#registerApplication`: "mvvm". The global `#registerApplication(namespace:)` writes into the
/// application's module shadows this one there, so its types take the application's namespace.
public var _mvvmNamespace: String { "mvvm" }

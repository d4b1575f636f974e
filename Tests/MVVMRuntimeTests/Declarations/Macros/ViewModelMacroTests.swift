import CMVVM
import MVVMBindingCore
import XCTest

@testable import MVVMRuntime

/// Counts stock on a shelf: the test double of an `@ViewModel`.
///
/// This paragraph is not the summary.
@ViewModel(namespace: "shop", handle: "counter")
@MainActor
final class ShelfCounterViewModel: ObservableObject {
    /// The label shown above the count.
    @Published var label = "Bolts"
    /// How many there are.
    @Published public var count = 0
    /// Whether the count was checked.
    @Published public private(set) var isChecked = false
    /// The last refusal; nil when there is none.
    @Exported(out: "out_message")
    @Published public private(set) var message: String?
    /// The shelf's code, fixed when it is made.
    public let code = "A1"
    /// Twice the count.
    @Changes(\ShelfCounterViewModel.$count)
    public var doubled: Int { count * 2 }
    /// Sent with the count at each check.
    public let checkedCount = PassthroughSubject<Int, Never>()
    @Hidden public var internalNote = ""

    init(count: Int) { self.count = count }

    /// Makes a counter starting at `count`.
    @Constructor
    static func make(count: Int) -> ShelfCounterViewModel { ShelfCounterViewModel(count: count) }

    /// Marks the count as checked.
    public func check() {
        isChecked = true
        checkedCount.send(count)
    }

    /// Adds `amount` items labelled `label`, `fragile` or not, on a shelf `width` wide.
    @Exported("add-items")
    public func add(_ amount: Int, label: String, fragile: Bool, width: Double) {
        count += amount
    }

    /// The total, through `out_total`.
    @Exported(out: "out_total")
    public func total() -> Int { count }

    /// Not exported.
    @Hidden public func reset() { count = 0 }
}

@MainActor
final class ViewModelMacroTests: XCTestCase {
    private var declaration: ViewModelDeclaration<ShelfCounterViewModel> { ShelfCounterViewModel.declaration }

    func test_the_type_is_named_without_ViewModel_and_summarised_by_its_first_paragraph() async {
        XCTAssertEqual(declaration.name, "ShelfCounter")
        XCTAssertEqual(declaration.cNamespace, "shop")
        XCTAssertEqual(declaration.cPrefix, "shelf_counter")
        XCTAssertEqual(declaration.handleName, "counter")
        XCTAssertEqual(declaration.summary, "Counts stock on a shelf: the test double of an `@ViewModel`.")
    }

    func test_public_published_and_marked_properties_are_exported_in_order_with_their_docs() async {
        let properties = declaration.members.filter { $0.kind == .property }
        XCTAssertEqual(properties.map(\.name), ["count", "is-checked", "message", "code", "doubled"], "label is internal; internalNote @Hidden")
        XCTAssertEqual(
            properties.map(\.doc),
            [
                "How many there are.", "Whether the count was checked.", "The last refusal; nil when there is none.",
                "The shelf's code, fixed when it is made.", "Twice the count.",
            ])
        XCTAssertEqual(properties.map(\.isSettable), [true, false, false, false, false], "private(set), let and computed are read-only")
        XCTAssertEqual(properties.map(\.valueKind), [.int64, .bool, .string, .string, .int64])
        XCTAssertEqual(properties[2].cSignature, "mvvm_status (*)(mvvm_object *, const char **)")
        XCTAssertEqual(properties[2].cFunction.parameters.last?.name, "out_message")
    }

    func test_methods_are_commands_with_their_arguments_and_subjects_are_events() async {
        let commands = declaration.members.filter { $0.kind == .command && $0.relatedName == nil }
        XCTAssertEqual(commands.map(\.name), ["check", "add-items", "total"])
        XCTAssertEqual(commands[2].valueKind, .int64, "a result of the method's return type")
        XCTAssertEqual(commands[2].cSignature, "mvvm_status (*)(mvvm_object *, int64_t *)")
        XCTAssertEqual(commands[2].cFunction.parameters.last?.name, "out_total")
        XCTAssertEqual(commands[1].arguments.map(\.name), ["amount", "label", "fragile", "width"])
        XCTAssertEqual(commands[1].arguments.map(\.valueKind), [.int64, .string, .bool, .double])
        XCTAssertEqual(commands[1].cSignature, "mvvm_status (*)(mvvm_object *, int64_t, const char *, int32_t, double)")
        XCTAssertEqual(commands[1].doc, "Adds `amount` items labelled `label`, `fragile` or not, on a shelf `width` wide.")
        let setters = declaration.members.filter { $0.kind == .command && $0.relatedName != nil }.map(\.name)
        XCTAssertEqual(setters, ["set-count"])
        let signals = declaration.members.filter { $0.kind == .signal }.map(\.name)
        XCTAssertEqual(signals.last, "checked-count")
        XCTAssertEqual(declaration.members.first { $0.kind == .constructor }?.arguments.map(\.name), ["count"])
    }
}

/// Searches as you type, debounced on `S`: a ViewModel generic over its scheduler, declared
/// for the one it ships with. It names no namespace: it takes its module's.
@ViewModel(specialization: ImmediateScheduler.self)
@MainActor
final class ShelfSearchViewModel<S: Scheduler>: ObservableObject {
    /// The search text.
    @Published public var query = ""
    let scheduler: S

    init(scheduler: S) { self.scheduler = scheduler }

    /// A search on the immediate scheduler.
    @Constructor
    static func make() -> ShelfSearchViewModel<ImmediateScheduler> { ShelfSearchViewModel<ImmediateScheduler>(scheduler: .shared) }

    /// Forgets the search text.
    public func clear() { query = "" }
}

extension ViewModelMacroTests {
    func test_a_generic_view_model_is_declared_for_the_type_it_ships_with() async {
        let declaration = ShelfSearchViewModel<ImmediateScheduler>.declaration
        XCTAssertEqual(declaration.name, "ShelfSearch")
        XCTAssertEqual(declaration.members.filter { $0.kind == .property }.map(\.name), ["query"])
        XCTAssertEqual(declaration.members.filter { $0.kind == .command }.map(\.name), ["clear", "set-query"])
        XCTAssertTrue(declaration === ShelfSearchViewModel<ImmediateScheduler>.declaration, "one declaration, stored once")
    }

    func test_a_view_model_naming_no_namespace_takes_its_modules() {
        // This module has no #registerApplication, so its namespace is the framework's
        // default; an application's (Examples/Notes) is its registration's, which
        // check-notes proves by generating Notes' header unchanged.
        XCTAssertEqual(ShelfSearchViewModel<ImmediateScheduler>.declaration.cNamespace, "mvvm")
        XCTAssertEqual(ShelfSearchViewModel<ImmediateScheduler>.declaration.cFunctionPrefix, "mvvm_shelf_search")
        XCTAssertEqual(ShelfCounterViewModel.declaration.cFunctionPrefix, "shop_shelf_counter", "a namespace: names another")
    }
}

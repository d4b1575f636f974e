import CMVVM
import MVVMBindingCore
import XCTest

@testable import MVVMRuntime

/// A stock room: an object class of the application that is no ViewModel (its objects are
/// made by constructors of its own), which a ViewModel's constructor takes.
@MainActor
final class StockRoomObject: RuntimeObject, DeclaredObject {
    override class var objectType: mvvm_type { declaration.type }

    nonisolated static let declaration = TypeDeclaration(name: "StockRoom", handleName: "room", summary: "A stock room.")

    let name: String

    init(name: String) {
        self.name = name
        super.init(declaration: Self.declaration)
    }
}

/// A page of a stock room's entries: the test double of the members the seeds' ViewModels need
/// (the test module registers no application, so no enum or record: see MVVMSeedsAppTests for
/// a `ViewState` property and a record getter that throws).
@ViewModel
@MainActor
final class StockPageViewModel: ObservableObject {
    /// Why the entries cannot be read yet.
    struct NotLoaded: Error, CustomStringConvertible {
        var description: String { "The page is not loaded: wait for its state." }
    }

    /// Whether a load runs.
    @Published public private(set) var isLoading = false
    /// The labels, newest last.
    @List(item: "label", count: "label-count")
    @Published public private(set) var labels: [String] = []
    /// The number of labels.
    public var labelCount: Int { labels.count }
    /// Whether more may come: it changes with `isLoading` and `labelCount`.
    @Changes(\StockPageViewModel.isLoading, \StockPageViewModel.labelCount)
    public var hasMore: Bool { isLoading || labels.count < 3 }
    /// The quantities, in order.
    @List(item: "quantity", changes: \StockPageViewModel.quantityChanges, signal: "quantities-changed")
    public private(set) var quantities: [Int] = []
    /// Every edit of `quantities`.
    public var quantityChanges: AnyPublisher<ListChange, Never> { quantitySubject.eraseToAnyPublisher() }
    /// The total, kept apart from the C API.
    @Hidden @Published public private(set) var total = 0
    /// The total, marked while a load runs: announced by `isLoading`'s publisher and by the
    /// hidden `total`'s.
    @Changes(\StockPageViewModel.$isLoading, \StockPageViewModel.total)
    public var summary: String { "\(total)\(isLoading ? "…" : "")" }
    /// A note Swift code may set, which a host only reads.
    @Exported(readOnly: true)
    @Published public var note = ""
    /// The entries' labels, once loaded.
    @List(item: "entry")
    public var loaded: [String] {
        get throws(NotLoaded) {
            guard let entries else { throw NotLoaded() }
            return entries
        }
    }

    private var entries: [String]?
    private let quantitySubject = PassthroughSubject<ListChange, Never>()
    let room: StockRoomObject?
    let seed: UInt64
    private(set) var stopped = false

    init(room: StockRoomObject?, quantities: [Int], seed: UInt64) {
        self.room = room
        self.quantities = quantities
        self.seed = seed
    }

    /// Makes a page of `room` with `quantities`, its random numbers from `seed`.
    @Constructor
    static func make(room: StockRoomObject, quantities: [Int], seed: UInt64) -> StockPageViewModel {
        StockPageViewModel(room: room, quantities: quantities, seed: seed)
    }

    /// Appends `values` to the quantities and returns how many there are now (for Swift
    /// callers: the command has no result).
    @Exported(discardsResult: true)
    public func add(values: [Int64]) -> Int {
        let start = quantities.count
        quantities += values.map { Int($0) }
        quantitySubject.send(.insert(start..<quantities.count))
        return quantities.count
    }

    /// Stops the page's work: the runtime calls it when the host destroys the object.
    @OnDestroy
    func stop() { stopped = true }

    /// Loads `entries` at once (the tests' stand-in for a repository).
    func finishLoading(_ loaded: [String], total: Int) {
        entries = loaded
        self.total = total
    }

    /// Appends a label.
    func label(_ text: String) { labels.append(text) }

    /// Replaces the labels.
    func relabel(_ texts: [String]) { labels = texts }

    /// Starts or ends a load.
    func setLoading(_ loading: Bool) { isLoading = loading }
}

/// Its object with the publishers the runtime observes for each property recorded: each value
/// one of them sends after the observation began adds the property's mask.
@MainActor
final class ObservedStockPage: ViewModelObject<StockPageViewModel> {
    private(set) var announced: [UInt64] = []
    private var recorders: [AnyCancellable] = []

    override func observe<Value>(_ property: Published<Value>.Publisher, mask: UInt64) {
        super.observe(property, mask: mask)
        recorders.append(property.dropFirst().sink { [unowned self] _ in announced.append(mask) })
    }
}

/// What the seeds' ViewModels need of `@ViewModel` beyond Notes': several key paths in
/// `@Changes`, lists of strings and integers changed by any publisher or by a published array,
/// a list whose getter throws, integer-array and UInt64 arguments, an object class as an
/// argument, `@OnDestroy`, a property read-only in C, a command whose Swift result is not its C
/// one; the registration of an object class and of a `ViewState` by their types.
@MainActor
final class ViewModelMacroMemberTests: XCTestCase {
    private var declaration: ViewModelDeclaration<StockPageViewModel> { StockPageViewModel.declaration }

    /// The registry numbering this module's types (its own: the shared one is an application's,
    /// the seeds' app's in the package's test bundle, none in the framework's).
    private static let registry: TypeRegistry = {
        let registry = TypeRegistry()
        do {
            try registry.register(type: StockRoomObject.self)
            try registry.register(type: StockPageViewModel.self)
        } catch {
            XCTFail("\(error)")
        }
        return registry
    }()

    override func setUp() async throws {
        _ = Self.registry
    }

    private func id(_ name: String, _ kind: MemberShape.Kind) throws -> Int {
        try XCTUnwrap(declaration.members.firstIndex { $0.name == name && $0.kind == kind }, name)
    }

    private func object(_ viewModel: StockPageViewModel) -> ObservedStockPage { ObservedStockPage(viewModel: viewModel, keepingAlive: nil) }

    func test_types_register_by_their_type_an_object_class_as_a_view_model() async throws {
        XCTAssertEqual(Self.registry.declarations.map(\.name), ["StockRoom", "StockPage"])
        XCTAssertEqual(StockRoomObject.declaration.type, 1)
        XCTAssertEqual(StockPageViewModel.declaration.type, 2)
        // ViewState registers by its type too, as #registerApplication(enums:) writes it.
        let registry = TypeRegistry()
        try registry.register(enumeration: ViewState<Int>.self, prefix: "stock")
        XCTAssertEqual(registry.registeredEnums.map(\.cType), ["stock_view_state"])
        XCTAssertEqual(registry.registeredEnums.first?.cases.map(\.cName).last, "STOCK_VIEW_STATE_FAILED")
    }

    func test_changes_key_paths_observe_publishers_and_derive_from_exported_properties() async throws {
        let properties = declaration.properties
        XCTAssertEqual(properties.map(\.name), ["is-loading", "label-count", "has-more", "summary", "note"])
        let hasMore = properties[2]
        XCTAssertEqual(hasMore.derivedFrom, ["is-loading", "label-count"])
        XCTAssertNil(hasMore.observe, "a property derived only: nothing of its own to observe")
        XCTAssertEqual(properties[3].derivedFrom, [])
        XCTAssertNotNil(properties[3].observe)
        // A change of "is-loading" or of the labels' count marks "has-more" too.
        let hasMoreSignal = UInt64(1) << UInt64(try id("has-more", .property))
        XCTAssertNotEqual(declaration.changeMasks[try id("is-loading", .property)] & hasMoreSignal, 0)
        XCTAssertNotEqual(declaration.listMasks[0] & hasMoreSignal, 0, "the labels' change sets announce their count, so has-more")
        XCTAssertEqual(declaration.changeMasks[try id("summary", .property)] & hasMoreSignal, 0)
    }

    func test_a_property_changed_by_two_publishers_observes_both() async throws {
        let viewModel = StockPageViewModel(room: nil, quantities: [], seed: 0)
        let object = object(viewModel)
        let summary = try id("summary", .property)
        let mask = declaration.changeMasks[summary]
        declaration.properties[summary].observe?(viewModel, object, mask, true)
        viewModel.setLoading(true)
        viewModel.finishLoading([], total: 4)
        XCTAssertEqual(object.announced, [mask, mask], "isLoading's publisher, then the hidden total's")
        XCTAssertEqual(try declaration.read(summary, of: object), .string("4…"))
        declaration.properties[summary].observe?(viewModel, object, mask, false)
    }

    func test_lists_of_strings_and_integers_with_their_change_sets() async throws {
        let labels = try id("labels", .list)
        let quantities = try id("quantities", .list)
        XCTAssertEqual(declaration.members[labels].valueKind, .string)
        XCTAssertEqual(declaration.members[labels].countName, "label-count")
        XCTAssertNil(declaration.members[labels].relatedName, "no signal named: the count's notification follows it")
        XCTAssertEqual(declaration.members[quantities].valueKind, .int64)
        XCTAssertEqual(declaration.members[quantities].relatedName, "quantities-changed")
        XCTAssertEqual(declaration.members[quantities].countName, "quantity-count", "no count property: a count getter of its own")
        XCTAssertEqual(declaration.countDoc(of: "quantities"), "The number of quantities.")
        XCTAssertEqual(declaration.members[quantities].cSignature, "mvvm_status (*)(mvvm_object *, int64_t, int64_t *)")

        let viewModel = StockPageViewModel(room: nil, quantities: [5, 8], seed: 0)
        let object = object(viewModel)
        XCTAssertEqual(try declaration.count(quantities, of: object), 2)
        XCTAssertEqual(try declaration.item(quantities, of: object, at: 1), .int64(8))
        // A published array's change sets: an append is an insert, anything else a reset; the
        // current value at subscription is none.
        guard case .publisher(let labelChanges) = declaration.lists[0].changes else { return XCTFail("the labels' changes") }
        var changes: [ListChange] = []
        let labelsSeen = labelChanges(viewModel).sink { changes.append($0) }
        viewModel.label("bolts")
        viewModel.label("nuts")
        viewModel.relabel(["washers"])
        XCTAssertEqual(changes, [.insert(0..<1), .insert(1..<2), .reset(count: 1)])
        XCTAssertEqual(try declaration.item(labels, of: object, at: 0), .string("washers"))
        labelsSeen.cancel()
        // Any publisher's change sets (here an AnyPublisher).
        guard case .publisher(let quantityChanges) = declaration.lists[1].changes else { return XCTFail("the quantities' changes") }
        changes = []
        let quantitiesSeen = quantityChanges(viewModel).sink { changes.append($0) }
        _ = viewModel.add(values: [13])
        XCTAssertEqual(changes, [.insert(2..<3)])
        quantitiesSeen.cancel()
    }

    func test_a_list_whose_getter_throws_answers_its_error_while_it_does() async throws {
        let loaded = try id("loaded", .list)
        XCTAssertEqual(declaration.countDoc(of: "loaded"), "The number of loaded. MVVM_E_STATE while they cannot be read, as for each item.")
        let viewModel = StockPageViewModel(room: nil, quantities: [], seed: 0)
        let object = object(viewModel)
        let refusal = { (error: any Error) in
            XCTAssertEqual((error as? APIError)?.status, MVVM_E_STATE)
            XCTAssertEqual((error as? APIError)?.message, "The page is not loaded: wait for its state.")
        }
        XCTAssertThrowsError(try declaration.count(loaded, of: object), "the count", refusal)
        XCTAssertThrowsError(try declaration.item(loaded, of: object, at: 0), "an item", refusal)

        viewModel.finishLoading(["Bolts", "Nuts"], total: 2)
        XCTAssertEqual(try declaration.count(loaded, of: object), 2)
        XCTAssertEqual(try declaration.item(loaded, of: object, at: 1), .string("Nuts"))
    }

    func test_a_view_state_is_declared_once_per_loaded_type() async {
        XCTAssertEqual(ViewState<Int>.declaration.cases.map(\.name), ["idle", "loading", "loaded", "empty", "failed"])
        XCTAssertEqual(ViewState<Int>.declaration.number(of: .loaded(3)), 2)
        XCTAssertEqual(ViewState<String>.declaration.number(of: .failed("no")), 4)
    }

    func test_the_constructor_takes_an_object_class_an_integer_array_and_a_uint64() async throws {
        let constructor = try XCTUnwrap(declaration.members.first { $0.kind == .constructor })
        XCTAssertEqual(constructor.arguments.map(\.name), ["room", "quantities", "seed"])
        XCTAssertEqual(constructor.arguments.map(\.valueKind), [.object, .int64Array, .uint64])
        XCTAssertEqual(constructor.cSignature, "mvvm_status (*)(mvvm_object *, const int64_t *, size_t, uint64_t, mvvm_object **)")
        XCTAssertEqual(constructor.cFunction.parameters.map(\.name), ["room", "quantities", "quantities_count", "seed", "out_vm"])

        let runtime = Runtime()
        let room = StockRoomObject(name: "north")
        let handle = runtime.register(room)
        let made = try declaration.make([.object(handle), .int64Array([8, 5]), .uint64(42)], in: runtime)
        let page = try XCTUnwrap(made as? ViewModelObject<StockPageViewModel>).viewModel
        XCTAssertTrue(page.room === room)
        XCTAssertEqual(page.quantities, [8, 5])
        XCTAssertEqual(page.seed, 42)
        XCTAssertThrowsError(try declaration.make([.object(runtime.register(made)), .int64Array([]), .uint64(0)], in: runtime)) { error in
            XCTAssertEqual((error as? APIError)?.status, MVVM_E_WRONG_TYPE, "a handle of another type is refused")
        }
    }

    func test_a_property_settable_in_swift_may_be_read_only_in_c() async throws {
        XCTAssertFalse(declaration.members[try id("note", .property)].isSettable)
        XCTAssertFalse(declaration.members.contains { $0.name == "set-note" })
        let viewModel = StockPageViewModel(room: nil, quantities: [], seed: 0)
        let object = object(viewModel)
        viewModel.note = "Counted on Monday."
        XCTAssertEqual(try declaration.read(try id("note", .property), of: object), .string("Counted on Monday."))
        XCTAssertThrowsError(try declaration.write(try id("note", .property), of: object, .string("Edited.")))
        XCTAssertEqual(viewModel.note, "Counted on Monday.")
    }

    func test_a_command_may_drop_its_swift_result_and_take_an_integer_array() async throws {
        let add = try id("add", .command)
        XCTAssertEqual(declaration.members[add].valueKind, .none)
        XCTAssertEqual(declaration.members[add].cSignature, "mvvm_status (*)(mvvm_object *, const int64_t *, size_t)")
        let viewModel = StockPageViewModel(room: nil, quantities: [1], seed: 0)
        XCTAssertEqual(try declaration.invoke(add, of: object(viewModel), [.int64Array([2, 3])]), .none)
        XCTAssertEqual(viewModel.quantities, [1, 2, 3])
    }

    func test_on_destroy_runs_when_the_object_is_torn_down_and_is_no_command() async throws {
        XCTAssertFalse(declaration.members.contains { $0.name == "stop" })
        let viewModel = StockPageViewModel(room: nil, quantities: [], seed: 0)
        let object = object(viewModel)
        XCTAssertFalse(viewModel.stopped)
        object.tearDown()
        XCTAssertTrue(viewModel.stopped)
    }
}

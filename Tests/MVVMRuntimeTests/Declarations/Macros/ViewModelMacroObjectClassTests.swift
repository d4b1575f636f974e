import CMVVM
import MVVMBindingCore
import XCTest

@testable import MVVMRuntime

/// An aisle whose C face lists bins its object keeps and announces each one it opens: the
/// test double of `@ViewModel(object:)`, as the seeds' coordinator keeps its screens.
@ViewModel(namespace: "shop", object: AisleObject.self)
@MainActor
final class AisleViewModel {
    /// The aisle's label.
    @Published public var label = "A"
    /// The bins opened so far.
    let opened = PassthroughSubject<Int, Never>()

    /// Makes an aisle labelled `label`.
    @Constructor
    static func make(label: String) -> AisleViewModel {
        let aisle = AisleViewModel()
        aisle.label = label
        return aisle
    }

    /// Opens bin `number`.
    public func open(_ number: Int) { opened.send(number) }
}

/// The objects of `AisleViewModel`: each bin the aisle opens is kept here, listed as "bins"
/// and announced by "bin-opened".
@MainActor
final class AisleObject: ViewModelObject<AisleViewModel>, ViewModelObjectClass {
    nonisolated static let lists: [ViewModelDeclaration<AisleViewModel>.List] = [
        .list(
            "bins", item: "bin", of: .int64, "The bin at `index`, oldest first.", out: "out_bin", countName: "bin-count",
            countDoc: "The number of bins opened.", count: { _ in 0 }, item: { _, _ in .none })
    ]
    nonisolated static let events: [ViewModelDeclaration<AisleViewModel>.Event] = [
        .custom("bin-opened", "A bin was opened: `code` is its number.", shape: .int32AndObject)
    ]

    private(set) var bins: [Int] = []
    private var opening: AnyCancellable?

    override init(viewModel: AisleViewModel, keepingAlive keptAlive: RuntimeObject?) {
        super.init(viewModel: viewModel, keepingAlive: keptAlive)
        opening = viewModel.opened.sink { [unowned self] in bins.append($0) }
    }

    override func count(of list: ViewModelDeclaration<AisleViewModel>.List) throws(APIError) -> Int { bins.count }

    override func item(of list: ViewModelDeclaration<AisleViewModel>.List, at index: Int) throws(APIError) -> Value {
        .int64(Int64(bins[index]))
    }
}

@MainActor
final class ViewModelMacroObjectClassTests: XCTestCase {
    private var declaration: ViewModelDeclaration<AisleViewModel> { AisleViewModel.declaration }

    private static let registry: TypeRegistry = {
        let registry = TypeRegistry()
        do { try registry.register(type: AisleViewModel.self) } catch { XCTFail("\(error)") }
        return registry
    }()

    override func setUp() async throws {
        _ = Self.registry
    }

    func test_the_object_class_s_lists_and_events_are_the_type_s() async throws {
        XCTAssertEqual(declaration.members.filter { $0.kind == .list }.map(\.name), ["bins"])
        XCTAssertEqual(declaration.members.filter { $0.kind == .signal }.map(\.name), ["notify::label", "bin-opened"])
        let bins = try XCTUnwrap(declaration.members.first { $0.name == "bins" })
        XCTAssertEqual(bins.function, "shop_aisle_get_bin")
        XCTAssertEqual(bins.countName, "bin-count")
        XCTAssertEqual(declaration.countDoc(of: "bins"), "The number of bins opened.")
        let event = try XCTUnwrap(declaration.members.first { $0.name == "bin-opened" })
        XCTAssertEqual(event.doc, "A bin was opened: `code` is its number.")
        XCTAssertEqual(declaration.eventSignals, [1], "after the property's notification")
    }

    func test_every_object_of_the_type_is_of_its_object_class() async throws {
        let runtime = Runtime()
        let made = try declaration.make([.string("B")], in: runtime)
        let aisle = try XCTUnwrap(made as? AisleObject, "the constructor's object")
        XCTAssertEqual(aisle.viewModel.label, "B")
        let handedOut = declaration.object(for: AisleViewModel(), keepingAlive: nil)
        XCTAssertTrue(handedOut is AisleObject, "a ViewModel the application made and hands to the host")
    }

    func test_the_object_counts_and_reads_its_own_lists() async throws {
        let aisle = try XCTUnwrap(try declaration.make([.string("C")], in: Runtime()) as? AisleObject)
        let bins = try XCTUnwrap(declaration.members.firstIndex { $0.name == "bins" })
        XCTAssertEqual(try declaration.count(bins, of: aisle), 0)
        let open = try XCTUnwrap(declaration.members.firstIndex { $0.name == "open" })
        _ = try declaration.invoke(open, of: aisle, [.int64(7)])
        _ = try declaration.invoke(open, of: aisle, [.int64(3)])
        XCTAssertEqual(try declaration.count(bins, of: aisle), 2)
        XCTAssertEqual(try declaration.item(bins, of: aisle, at: 1), .int64(3))
    }
}

import XCTest

@testable import MVVMRuntime

/// Tallies a host keeps.
///
/// Not the summary.
@HostInterface(namespace: "shop")
public protocol Tallies: Sendable {
    /// The tally named `name`.
    func tally(named name: String) async throws -> Int
    /// Adds `amount` to the tally named `name`.
    @Exported("add_to_tally")
    func add(_ amount: Int, to name: String) async throws
}

/// `@HostInterface` declares a host's table from a protocol: a method per requirement in
/// order (snake-case names or `@Exported`), its parameters the arguments, its result the
/// answer, and `cancel` last; the adapter `HostTallies` implements the protocol over it.
final class HostInterfaceMacroTests: XCTestCase {
    func test_the_table_has_a_method_per_requirement_then_cancel() {
        let interface = HostTallies.interface
        XCTAssertEqual(interface.name, "Tallies")
        XCTAssertEqual(interface.cType, "shop_tallies_vtable")
        XCTAssertEqual(interface.summary, "Tallies a host keeps.")
        XCTAssertEqual(interface.members.map(\.name), ["tally", "add_to_tally", "cancel"])
        XCTAssertEqual(interface.members.map(\.doc).prefix(2), ["The tally named `name`.", "Adds `amount` to the tally named `name`."])
        XCTAssertEqual(interface.members[0].arguments.map(\.name), ["name"])
        XCTAssertEqual(interface.members[0].answer, .value(.int64))
        XCTAssertEqual(interface.members[1].arguments.map(\.name), ["amount", "name"])
        XCTAssertEqual(interface.members[1].arguments.map(\.kind), [.int64, .string])
        XCTAssertEqual(interface.members[1].answer, .nothing)
        XCTAssertTrue(interface.members[2].isCancel)
    }

    func test_a_table_naming_no_namespace_takes_its_modules() {
        XCTAssertEqual(HostShelfLabels.interface.cType, "mvvm_shelf_labels_vtable")
    }

    func test_the_adapter_is_the_protocols_host_adapter() {
        XCTAssertTrue((HostTallies.self as Any) is any (Tallies & HostAdapter).Type)
    }
}

/// Shelf labels a host prints; it names no namespace, so it takes its module's.
@HostInterface
public protocol ShelfLabels: Sendable {
    /// Prints the label `text`.
    func print(_ text: String) async throws
}

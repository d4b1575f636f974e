import MVVMBindingCore
import XCTest

@testable import MVVMRuntime

/// The property builders of a declaration: any kind a property has may be settable (`set:`),
/// which gives it a "set-NAME" command taking its C kind, and a property announced only
/// through `derivedFrom` needs no change publisher.
final class PropertyDeclarationTests: XCTestCase {
    @MainActor private final class Settings: DeclaredViewModel {
        @Published var isVisible = false
        @Published var quantity = 0
        var note: String? = nil

        nonisolated static var declaration: ViewModelDeclaration<Settings> { preconditionFailure("not registered in these tests") }
    }

    private typealias Property = ViewModelDeclaration<Settings>.Property
    private typealias Command = ViewModelDeclaration<Settings>.Command

    func test_a_bool_or_int64_given_set_is_settable_and_its_setter_takes_its_c_kind() {
        let flag = Property.bool("is-visible", "Shown (0/1).", { $0.isVisible }, changes: { $0.$isVisible }, set: { $0.isVisible = $1 })
        let count = Property.int64("quantity", "How many.", { $0.quantity }, changes: { $0.$quantity }, set: { $0.quantity = $1 })
        XCTAssertNotNil(flag.write)
        XCTAssertNotNil(count.write)
        XCTAssertEqual(Command.setter(flag).arguments.map(\.valueKind), [.bool])
        XCTAssertEqual(Command.setter(count).arguments.map(\.valueKind), [.int64])
        XCTAssertEqual(Command.setter(count).shape(prefix: "app_settings", handle: "vm").cSignature, "mvvm_status (*)(mvvm_object *, int64_t)")
        XCTAssertTrue(flag.shape(prefix: "app_settings", handle: "vm").isSettable)
    }

    func test_without_set_a_property_is_read_only() {
        let count = Property.int64("quantity", "How many.", { $0.quantity }, changes: { $0.$quantity })
        XCTAssertNil(count.write)
        XCTAssertFalse(count.shape(prefix: "app_settings", handle: "vm").isSettable)
    }

    func test_an_optional_string_announced_only_through_another_property_needs_no_publisher() {
        let note = Property.optionalString("note", "A note; NULL when there is none.", { $0.note }, derivedFrom: ["quantity"])
        XCTAssertEqual(note.derivedFrom, ["quantity"])
        XCTAssertNil(note.observe)
        XCTAssertEqual(note.shape(prefix: "app_settings", handle: "vm").cSignature, "mvvm_status (*)(mvvm_object *, const char **)")
    }
}

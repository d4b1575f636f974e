import CMVVM
import MVVMBindingCore
import XCTest

@testable import MVVMRuntime

/// Command arguments of every kind a property has: a double and a declared enum (checked
/// against its cases before the command runs, the command getting the Swift case).
@MainActor
final class CommandArgumentTests: XCTestCase {
    @MainActor private final class Shelving: DeclaredViewModel {
        var placed: [(Shelf, Double)] = []
        nonisolated static var declaration: ViewModelDeclaration<Shelving> { preconditionFailure("not registered in these tests") }
    }

    private let declaration = ViewModelDeclaration<Shelving>(
        name: "Shelving", cNamespace: "shop", summary: "Places items.", constructor: nil, properties: [],
        commands: [
            .command(
                "place", "Places an item on `shelf` at `height` metres.", arguments: [.enumeration("shelf", Shelf.declaration), .double("height")]
            ) {
                shelving, arguments throws(APIError) in
                shelving.placed.append((arguments.enumeration(0), arguments.double(1)))
                return .none
            }
        ])

    func test_a_double_and_an_enum_argument_are_a_double_and_an_int32_in_c() async {
        let place = declaration.members[0]
        XCTAssertEqual(place.arguments.map(\.valueKind), [.int32, .double])
        XCTAssertEqual(place.cSignature, "mvvm_status (*)(mvvm_object *, int32_t, double)")
        XCTAssertEqual(place.function, "shop_shelving_place")
    }

    func test_the_command_gets_the_case_of_the_number_and_the_double() async throws {
        let arguments = try declaration.checkArguments([.int32(7), .double(1.25)], of: 0, object: nil)
        XCTAssertEqual(arguments.enumeration(0, as: Shelf.self), .bottom)
        XCTAssertEqual(arguments.double(1), 1.25)
    }

    func test_a_number_that_is_no_case_is_refused_before_the_command_runs() async {
        XCTAssertThrowsError(try declaration.checkArguments([.int32(3), .double(0)], of: 0, object: nil)) { error in
            let error = error as? APIError
            XCTAssertEqual(error?.status, MVVM_E_INVALID_ARGUMENT)
            XCTAssertEqual(
                error?.message, "Argument 0 (shelf) of Shelving.place: 3 is not a Shelf: its cases are 0 (top), 1 (middle), 7 (bottom).")
        }
    }

    func test_an_argument_of_another_kind_is_refused_naming_the_kind_it_takes() async {
        XCTAssertThrowsError(try declaration.checkArguments([.int32(0), .int64(2)], of: 0, object: nil)) { error in
            XCTAssertEqual((error as? APIError)?.message, "Argument 1 (height) of Shelving.place takes a MVVM_VALUE_DOUBLE, not a MVVM_VALUE_INT64.")
        }
    }
}

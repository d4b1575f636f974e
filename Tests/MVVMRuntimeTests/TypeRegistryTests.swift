import CMVVM
import XCTest

@testable import MVVMRuntime

/// A registry of its own per test (the shared one is the application's).
final class TypeRegistryTests: XCTestCase {
    private func type(_ name: String, prefix: String? = nil) -> TypeDeclaration {
        TypeDeclaration(name: name, cPrefix: prefix ?? name.lowercased(), handleName: "vm", summary: "A test type.")
    }

    func test_types_are_numbered_from_one_in_registration_order() throws {
        let registry = TypeRegistry()
        let first = type("First")
        let second = type("Second")
        let third = type("Third")
        XCTAssertEqual(try registry.register(first), 1)
        XCTAssertEqual(try registry.register(second), 2)
        XCTAssertEqual(try registry.register(third), 3)
        XCTAssertEqual([first, second, third].map(\.type), [1, 2, 3])
        XCTAssertEqual(registry.declarations.map(\.name), ["First", "Second", "Third"])
    }

    func test_a_registered_type_is_found_by_its_name_and_its_number() throws {
        let registry = TypeRegistry()
        let list = type("NoteList")
        let editor = type("NoteEditor")
        try registry.register(list)
        try registry.register(editor)
        XCTAssertTrue(registry.declaration(named: "NoteEditor") === editor)
        XCTAssertTrue(registry.declaration(of: mvvm_type(1)) === list)
        XCTAssertNil(registry.declaration(named: "noteeditor"), "names are case-sensitive")
        XCTAssertNil(registry.declaration(named: "Missing"))
        XCTAssertNil(registry.declaration(of: mvvm_type(3)))
        XCTAssertNil(registry.declaration(of: mvvm_type(0)), "0 is never a type")
    }

    func test_a_second_type_of_the_same_name_is_refused_with_a_message_naming_both() throws {
        let registry = TypeRegistry()
        try registry.register(type("Note", prefix: "note"))
        let duplicate = type("Note", prefix: "other_note")
        XCTAssertThrowsError(try registry.register(duplicate)) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.contains("\"Note\""), message)
            XCTAssertTrue(message.contains("type 1"), message)
        }
        XCTAssertEqual(registry.declarations.count, 1, "the refused type is not registered")
        XCTAssertNil(registry.declaration(of: mvvm_type(2)))
    }

    func test_a_second_type_with_the_same_c_prefix_is_refused() throws {
        let registry = TypeRegistry()
        try registry.register(type("NoteList", prefix: "notes"))
        XCTAssertThrowsError(try registry.register(type("NoteIndex", prefix: "notes"))) { error in
            XCTAssertTrue(String(describing: error).contains("\"mvvm_notes\""), String(describing: error))
        }
    }

    func test_a_c_prefix_is_unique_within_its_namespace_only() throws {
        let registry = TypeRegistry()
        let framework = type("List", prefix: "list")
        let application = TypeDeclaration(name: "NoteList", cNamespace: "notes", cPrefix: "list", handleName: "vm", summary: "")
        try registry.register(framework)
        try registry.register(application)
        XCTAssertEqual([framework, application].map(\.cFunctionPrefix), ["mvvm_list", "notes_list"])
        let again = TypeDeclaration(name: "Other", cNamespace: "notes", cPrefix: "list", handleName: "vm", summary: "")
        XCTAssertThrowsError(try registry.register(again)) { error in
            XCTAssertTrue(String(describing: error).contains("\"notes_list\" of NoteList"), String(describing: error))
        }
    }

    func test_a_plain_declarations_interfaces_are_its_constructors_tables_each_once() throws {
        let store = HostInterfaceDeclaration(name: "Store", cNamespace: "app", summary: "", members: [.cancel])
        let cache = HostInterfaceDeclaration(name: "Cache", cNamespace: "app", summary: "", members: [.cancel])
        let refuse: @MainActor @Sendable (ConstructorArguments) throws(APIError) -> RuntimeObject = { _ throws(APIError) in
            throw .invalidArgument("not made in this test")
        }
        let registry = TypeRegistry()
        let shop = TypeDeclaration(
            name: "Shop", cNamespace: "app", handleName: "shop", summary: "",
            constructors: [
                ConstructorDeclaration(
                    "new_host", doc: "",
                    parameters: [.hostTable("store", store), .hostTable("cache", cache, optional: true), .userData, .destroyNotify],
                    make: refuse),
                ConstructorDeclaration("new_cached", doc: "", parameters: [.hostTable("cache", cache), .userData, .destroyNotify], make: refuse),
            ])
        try registry.register(shop)
        XCTAssertEqual(shop.interfaces.map(\.cType), ["app_store_vtable", "app_cache_vtable"])
        XCTAssertNil(shop.hostInterface, "its own constructors take them, not mvvm_object_new_host()")
    }

    func test_an_earlier_versions_size_macro_is_named_by_its_version() {
        let interface = HostInterfaceDeclaration(
            name: "Store", cNamespace: "app", summary: "",
            members: [.method("all", "", answer: .nothing), .method("search", "", answer: .nothing, optional: true)],
            earlierVersions: [.version("0.1", members: 1)])
        XCTAssertEqual(interface.sizeMacro(of: interface.earlierVersions[0]), "APP_STORE_VTABLE_SIZE_0_1")
        XCTAssertEqual(interface.acceptedSizes, [interface.size, interface.size(ofMembers: 1)])
    }

    func test_a_declaration_is_registered_once() throws {
        let registry = TypeRegistry()
        let other = TypeRegistry()
        let declaration = type("Once")
        try registry.register(declaration)
        XCTAssertThrowsError(try other.register(declaration)) { error in
            XCTAssertTrue(String(describing: error).contains("registered already"), String(describing: error))
        }
        XCTAssertEqual(declaration.type, 1, "its number does not change")
    }

    func test_a_sealed_registry_refuses_registration() throws {
        let registry = TypeRegistry()
        try registry.register(type("Before"))
        registry.seal()
        XCTAssertThrowsError(try registry.register(type("After"))) { error in
            XCTAssertTrue(String(describing: error).contains("sealed"), String(describing: error))
        }
        XCTAssertEqual(registry.declarations.map(\.name), ["Before"])
    }

    func test_record_kinds_take_the_record_slots_seven_eight_nine_then_twelve() throws {
        let registry = TypeRegistry()
        let kinds = [
            try registry.register(record: SmallRecord.self, cType: "test_small", cName: "TEST_VALUE_SMALL"),
            try registry.register(record: OtherRecord.self, cType: "test_other", cName: "TEST_VALUE_OTHER"),
            try registry.register(record: ThirdRecord.self, cType: "test_third", cName: "TEST_VALUE_THIRD"),
            try registry.register(record: FourthRecord.self, cType: "test_fourth", cName: "TEST_VALUE_FOURTH"),
        ]
        XCTAssertEqual(kinds.map(\.rawValue), [7, 8, 9, 12], "10 and 11 are MVVM_VALUE_OBJECT and MVVM_VALUE_INT64_ARRAY")
        XCTAssertEqual(registry.record(of: OtherRecord.self)?.cType, "test_other")
        XCTAssertEqual(registry.record(kind: 12)?.cName, "TEST_VALUE_FOURTH")
        XCTAssertEqual(registry.record(cType: "test_third")?.kind, 9)
        XCTAssertNil(registry.record(kind: 10))
    }

    func test_a_record_is_registered_once_and_its_c_names_are_unique() throws {
        let registry = TypeRegistry()
        try registry.register(record: SmallRecord.self, cType: "test_small", cName: "TEST_VALUE_SMALL")
        XCTAssertThrowsError(try registry.register(record: SmallRecord.self, cType: "test_small2", cName: "TEST_VALUE_SMALL2"))
        XCTAssertThrowsError(try registry.register(record: OtherRecord.self, cType: "test_small", cName: "TEST_VALUE_OTHER")) { error in
            XCTAssertTrue(String(describing: error).contains("test_small"), String(describing: error))
        }
    }

    func test_a_record_whose_struct_does_not_fit_in_mvvm_value_is_refused() {
        let registry = TypeRegistry()
        XCTAssertThrowsError(try registry.register(record: OversizedRecord.self, cType: "test_big", cName: "TEST_VALUE_BIG")) { error in
            XCTAssertTrue(String(describing: error).contains("does not fit"), String(describing: error))
        }
        XCTAssertNil(registry.record(of: OversizedRecord.self))
    }

    func test_a_record_registered_with_a_prefix_gets_its_c_names_from_its_name() throws {
        let registry = TypeRegistry()
        try registry.register(record: EveryKindRecord.self, prefix: "notes")
        let record = try XCTUnwrap(registry.record(of: EveryKindRecord.self))
        XCTAssertEqual(record.cType, "notes_every_kind")
        XCTAssertEqual(record.cName, "NOTES_VALUE_EVERY_KIND")
        XCTAssertEqual(record.name, "EveryKind")
        XCTAssertEqual(record.fields.map(\.name), ["id", "count", "flag", "ratio", "title", "note"])
        XCTAssertEqual(record.fields.map(\.kind), [.int64, .int32, .bool, .double, .string, .optionalString])
        XCTAssertTrue(record.isReadable)
        XCTAssertEqual(registry.record(named: "EveryKind")?.kind, record.kind)
    }

    func test_a_record_declaring_a_field_twice_or_none_is_refused() {
        struct Twice: RecordValue {
            let id: Int
            static let recordDeclaration = RecordDeclaration<Self>(name: "Twice", fields: [.field("id", \.id), .field("id", \.id)])
        }
        struct Empty: RecordValue {
            static let recordDeclaration = RecordDeclaration<Self>(name: "Empty", fields: [])
        }
        let registry = TypeRegistry()
        XCTAssertThrowsError(try registry.register(record: Twice.self, prefix: "test")) { error in
            XCTAssertTrue(String(describing: error).contains("\"id\" twice"), String(describing: error))
        }
        XCTAssertThrowsError(try registry.register(record: Empty.self, prefix: "test")) { error in
            XCTAssertTrue(String(describing: error).contains("no fields"), String(describing: error))
        }
        XCTAssertTrue(registry.registeredRecords.isEmpty)
    }

    func test_shutdown_work_is_refused_once_sealed() throws {
        let registry = TypeRegistry()
        try registry.atShutdown {}
        registry.seal()
        XCTAssertThrowsError(try registry.atShutdown {})
    }

    func test_a_refused_application_registration_is_kept_with_nothing_registered() throws {
        nonisolated(unsafe) var registry: TypeRegistry?
        registry = TypeRegistry(loadingWith: {
            registry?.registerApplication { registry throws(RegistrationError) in
                try registry.register(record: SmallRecord.self, prefix: "app")
                try registry.register(self.type("Note", prefix: "note"))
                try registry.register(self.type("Note", prefix: "other_note"))
            }
        })
        let loaded = try XCTUnwrap(registry)
        XCTAssertEqual(loaded.registrationFailure?.description.hasPrefix("A second type named \"Note\""), true)
        XCTAssertTrue(loaded.declarations.isEmpty, "what was registered before the refusal is dropped")
        XCTAssertTrue(loaded.registeredRecords.isEmpty)
        XCTAssertThrowsError(try loaded.requireApplication()) { error in
            let error = error as? APIError
            XCTAssertEqual(error?.status, MVVM_E_STATE)
            XCTAssertEqual(error?.message.hasPrefix("The application's types could not be registered: A second type named \"Note\""), true)
        }
    }

    func test_an_application_registered_without_refusal_has_no_failure() throws {
        nonisolated(unsafe) var registry: TypeRegistry?
        registry = TypeRegistry(loadingWith: {
            registry?.registerApplication { registry throws(RegistrationError) in try registry.register(self.type("Note")) }
        })
        let loaded = try XCTUnwrap(registry)
        XCTAssertNil(loaded.registrationFailure)
        XCTAssertEqual(loaded.declarations.map(\.name), ["Note"])
        XCTAssertNoThrow(try loaded.requireApplication())
    }

    func test_an_applications_type_registered_by_its_names_is_built_on_first_use_and_given_its_number() throws {
        nonisolated(unsafe) var registry: TypeRegistry?
        nonisolated(unsafe) var builds = 0
        let later = type("Later", prefix: "later")
        registry = TypeRegistry(loadingWith: {
            registry?.registerApplication { registry throws(RegistrationError) in
                try registry.register(self.type("First", prefix: "first"))
                try registry.register(TypeNames(later)) {
                    builds += 1
                    return later
                }
            }
        })
        let loaded = try XCTUnwrap(registry)
        XCTAssertNil(loaded.registrationFailure)
        XCTAssertEqual(builds, 0, "registered by its names, the declaration is not built yet")
        XCTAssertIdentical(loaded.declaration(named: "Later"), later)
        XCTAssertEqual(later.type, 2, "built, it has the number its names were registered with")
        XCTAssertIdentical(loaded.declaration(of: 2), later)
        XCTAssertEqual(loaded.declarations.map(\.name), ["First", "Later"])
    }

    func test_a_type_registered_by_its_names_is_refused_by_them_without_being_built() throws {
        nonisolated(unsafe) var registry: TypeRegistry?
        let other = type("Other", prefix: "note")
        registry = TypeRegistry(loadingWith: {
            registry?.registerApplication { registry throws(RegistrationError) in
                try registry.register(self.type("Note", prefix: "note"))
                try registry.register(TypeNames(other)) {
                    XCTFail("a refused type is not built")
                    return other
                }
            }
        })
        let loaded = try XCTUnwrap(registry)
        XCTAssertEqual(loaded.registrationFailure?.description, "Other has the C prefix \"mvvm_note\" of Note (type 1); C prefixes are unique.")
    }

    @MainActor
    func test_shutdown_leaves_an_application_that_never_loaded_unloaded() {
        nonisolated(unsafe) var loads = 0
        let registry = TypeRegistry(loadingWith: { loads += 1 })
        registry.runShutdownWork()
        XCTAssertEqual(loads, 0, "shutting down registered the application's types")
    }

    @MainActor
    func test_shutdown_runs_the_work_of_an_application_that_loaded() throws {
        nonisolated(unsafe) var ran = 0
        nonisolated(unsafe) var registry: TypeRegistry?
        registry = TypeRegistry(loadingWith: { try? registry?.atShutdown { ran += 1 } })
        XCTAssertEqual(registry?.declarations.count, 0)
        registry?.runShutdownWork()
        XCTAssertEqual(ran, 1)
    }
}

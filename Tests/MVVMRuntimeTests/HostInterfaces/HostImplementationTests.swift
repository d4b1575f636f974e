import CMVVM
import XCTest

@testable import MVVMRuntime

/// A host's table as `HostImplementation` reads it: the size check (this version's or an
/// earlier one's), the members past an earlier table's end, one lifetime shared by two tables.
/// The tests are `async`: XCTest on Linux cannot call a synchronous `@MainActor` test.
@MainActor
final class HostImplementationTests: XCTestCase {
    /// Version 1 had `all_notes` and `rename`; version 2 added `cancel` and `search`.
    private let interface = HostInterfaceDeclaration(
        name: "NotesRepository", cNamespace: "notes", summary: "Notes a host keeps.",
        members: [
            .method("all_notes", "Every note.", answer: .list(.string)),
            .method("rename", "Renames one.", arguments: [.int64("id"), .string("title")], answer: .value(.string)),
            .cancel,
            .method("search", "Optional.", arguments: [.string("query")], answer: .nothing, optional: true),
        ],
        earlierVersions: [.version("0.1", members: 2)])

    private static let noop: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void = { _, _ in }

    /// A table of `interface.size` bytes, every member set, its struct_size `size`.
    private func table(size: Int) -> UnsafeMutableRawPointer {
        let table = UnsafeMutableRawPointer.allocate(byteCount: interface.size, alignment: 8)
        table.initializeMemory(as: UInt8.self, repeating: 0, count: interface.size)
        table.storeBytes(of: UInt32(size), as: UInt32.self)
        for index in interface.members.indices {
            table.storeBytes(
                of: unsafeBitCast(Self.noop, to: UnsafeRawPointer.self), toByteOffset: interface.offset(ofMember: index), as: UnsafeRawPointer.self)
        }
        addTeardownBlock { table.deallocate() }
        return table
    }

    func test_an_earlier_version_is_a_prefix_of_the_table_and_its_size_is_accepted_after_this_one() async {
        let pointer = MemoryLayout<UnsafeRawPointer>.size
        XCTAssertEqual(interface.size(ofMembers: 2), MemoryLayout<UnsafeRawPointer>.alignment + 2 * pointer)
        XCTAssertEqual(interface.acceptedSizes, [interface.size, interface.size(ofMembers: 2)])
    }

    func test_a_table_of_this_version_or_an_earlier_one_is_accepted() async throws {
        XCTAssertNoThrow(try HostImplementation(interface, vtable: table(size: interface.size), userData: nil, destroy: nil))
        XCTAssertNoThrow(try HostImplementation(interface, vtable: table(size: interface.size(ofMembers: 2)), userData: nil, destroy: nil))
    }

    func test_any_other_size_is_refused_naming_the_parameter_and_every_size_accepted() async {
        let lifetime = HostLifetime(userData: nil, destroy: nil)
        defer { lifetime.abandon() }
        for size in [0, 4, interface.size(ofMembers: 3), interface.size + 8] {
            XCTAssertThrowsError(try HostImplementation(interface, vtable: table(size: size), parameter: "notes", lifetime: lifetime)) { error in
                let message = (error as? APIError)?.message ?? ""
                XCTAssertEqual((error as? APIError)?.status, MVVM_E_INVALID_ARGUMENT)
                XCTAssertTrue(
                    message.hasPrefix("notes->struct_size is \(size), expected sizeof(notes_repository_vtable) = \(self.interface.size)"), message)
                XCTAssertTrue(message.contains("an earlier version's: \(self.interface.size(ofMembers: 2))"), message)
            }
        }
    }

    func test_a_required_member_left_null_is_named() async {
        let vtable = table(size: interface.size)
        vtable.storeBytes(of: nil, toByteOffset: interface.offset(ofMember: 1), as: UnsafeRawPointer?.self)
        XCTAssertThrowsError(try HostImplementation(interface, vtable: vtable, userData: nil, destroy: nil)) { error in
            XCTAssertEqual((error as? APIError)?.message, "vtable->rename must not be NULL (optional: cancel, search).")
        }
    }

    func test_two_tables_over_one_lifetime_call_the_destroy_notifier_once_when_both_are_gone() async throws {
        final class Counter { var destroyed = 0 }
        let counter = Counter()
        let destroy: mvvm_destroy_notify = { userData in
            Unmanaged<Counter>.fromOpaque(userData!).takeUnretainedValue().destroyed += 1
        }
        var first: HostImplementation?
        _ = first
        var second: HostImplementation?
        do {
            let lifetime = HostLifetime(userData: Unmanaged.passUnretained(counter).toOpaque(), destroy: destroy)
            first = try HostImplementation(interface, vtable: table(size: interface.size), parameter: "a", lifetime: lifetime)
            second = try HostImplementation(interface, vtable: table(size: interface.size), parameter: "b", lifetime: lifetime)
        }
        first = nil
        XCTAssertEqual(counter.destroyed, 0)
        XCTAssertNotNil(second)
        second = nil
        XCTAssertEqual(counter.destroyed, 1)
    }
}

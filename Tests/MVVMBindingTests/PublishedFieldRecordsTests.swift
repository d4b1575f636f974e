import XCTest

@testable import MVVMBindingCore

/// `PublishedFieldRecords` must find exactly the fields the runtime's resolution of every
/// field's type finds (`PublishedFields.resolvedOffsets`), or step aside (nil).
final class PublishedFieldRecordsTests: XCTestCase {
    private func byName(_ type: AnyClass) -> [Int]? {
        PublishedFieldRecords.offsets(in: type, publishedDescriptor: PublishedFields.publishedDescriptor)
    }

    func test_theFieldsOfAClassOfManyFieldTypes_areTheOnesResolvingEveryTypeFinds() throws {
        let found = try XCTUnwrap(byName(ManyFields.self))
        XCTAssertEqual(found, PublishedFields.resolvedOffsets(in: ManyFields.self))
        XCTAssertEqual(found.count, 5)
    }

    func test_anOptionalPublishedValue_isNoPublishedField() throws {
        let found = try XCTUnwrap(byName(OptionalOfPublished.self))
        XCTAssertEqual(found, PublishedFields.resolvedOffsets(in: OptionalOfPublished.self))
        XCTAssertEqual(found.count, 1)
    }

    func test_aSubclass_hasItsSuperclassFieldsFirst() throws {
        let found = try XCTUnwrap(byName(Subclass.self))
        XCTAssertEqual(found, PublishedFields.resolvedOffsets(in: Subclass.self))
        XCTAssertEqual(found.count, 7)
    }

    func test_aGenericClass_hasTheOffsetsOfItsSpecialisation() throws {
        let small = try XCTUnwrap(byName(Generic<Int8>.self))
        let large = try XCTUnwrap(byName(Generic<(Int, Int, Int)>.self))
        XCTAssertEqual(small, PublishedFields.resolvedOffsets(in: Generic<Int8>.self))
        XCTAssertEqual(large, PublishedFields.resolvedOffsets(in: Generic<(Int, Int, Int)>.self))
        XCTAssertNotEqual(small, large)
    }

    func test_aFieldOfAGenericParameterType_leavesTheClassToTheResolvingWay() {
        XCTAssertNil(byName(HoldsAParameter<Published<Int>>.self))
        // Where it holds a `Published`, resolving finds it as it finds a property wrapper.
        XCTAssertEqual(PublishedFields.resolvedOffsets(in: HoldsAParameter<Published<Int>>.self)?.count, 2)
    }

    func test_objectWillChange_ofAClassFoundByName_firesForEveryPublishedField() {
        let object = ManyFields()
        var count = 0
        let cancellable = object.objectWillChange.sink { count += 1 }
        object.number = 1
        object.text = "x"
        object.list = ["y"]
        object.maybe = 2
        object.record = Record(id: 3)
        object.unpublished = 4
        XCTAssertEqual(count, 5)
        cancellable.cancel()
    }
}

private struct Record { var id = 0 }

private final class ManyFields: ObservableObject {
    @Published var number = 0
    var closure: () -> Void = {}
    @Published var text = ""
    var unpublished = 0
    @Published var list: [String] = []
    let tuple = (1, "one")
    @Published var maybe: Int?
    var handler: ((String) -> Int)?
    @Published var record = Record()
    weak var delegate: AnyObject?
}

private final class OptionalOfPublished: ObservableObject {
    var notAWrapper: Published<Int>? = nil
    @Published var value = 0
}

private class Base: ObservableObject {
    @Published var first = 0
    var plain = ""
    @Published var second = ""
}

private final class Subclass: Base {
    @Published var third: [Int] = []
    var closure: () -> Void = {}
    @Published var fourth = 0.0
    @Published var fifth = false
    @Published var sixth: String?
    @Published var seventh = Record()
}

private struct Box<Item> { var item: Item }

private final class Generic<Value>: ObservableObject {
    @Published var before = 0
    var box: Box<Value>?
    @Published var value: Value?
    @Published var after = ""
}

private final class HoldsAParameter<Held>: ObservableObject {
    var held: Held
    @Published var value = 0
    init(_ held: Held) { self.held = held }
}

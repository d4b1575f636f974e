import MVVMBinding
import XCTest

private final class Model {
    @Published var name = "first"
    @Published var count = 0
}

final class UnsafePublishedReaderTests: XCTestCase {
    func test_aReader_readsWhatTheGetterReads_afterEachAssignment() {
        let model = Model()
        let reader = model.$name.unsafeReader

        XCTAssertEqual(reader.value, "first")
        model.name = "second"
        XCTAssertEqual(reader.value, "second")
        model.name = String(repeating: "long ", count: 20)  // a heap string, not a small one
        XCTAssertEqual(reader.value, model.name)
    }

    func test_aReaderDuringDelivery_seesTheOldValue_likeTheGetter() {
        let model = Model()
        let reader = model.$count.unsafeReader
        var seen: [(reader: Int, getter: Int, delivered: Int)] = []
        let subscription = model.$count.dropFirst().sink { delivered in
            seen.append((reader.value, model.count, delivered))
        }

        model.count = 1
        model.count = 2

        XCTAssertEqual(seen.map(\.reader), [0, 1])
        XCTAssertEqual(seen.map(\.getter), [0, 1])
        XCTAssertEqual(seen.map(\.delivered), [1, 2])
        withExtendedLifetime(subscription) {}
    }

    func test_readersOfOneProperty_agree_andReadersOfTwoPropertiesDoNot() {
        let model = Model()
        let first = model.$count.unsafeReader
        let second = model.$count.unsafeReader
        let other = model.$name.unsafeReader

        model.count = 7

        XCTAssertEqual(first.value, 7)
        XCTAssertEqual(second.value, 7)
        XCTAssertEqual(other.value, "first")
    }
}

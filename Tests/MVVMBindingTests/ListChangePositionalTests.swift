import MVVMBinding
import XCTest

final class ListChangePositionalTests: XCTestCase {
    private func check(_ old: [Int], _ new: [Int], _ expected: [ListChange], line: UInt = #line) {
        let changes = ListChange.positionalChanges(from: old, to: new)
        XCTAssertEqual(changes, expected, line: line)
        var copy = old
        for change in changes { change.apply(to: &copy, from: new) }
        XCTAssertEqual(copy, new, "applying the changes does not give the new list", line: line)
    }

    func test_equalLists_needNoChange() {
        check([1, 2, 3], [1, 2, 3], [])
        check([], [], [])
    }

    func test_changedRows_becomeOneUpdatePerRun() {
        check([1, 2, 3, 4, 5], [1, 9, 9, 4, 9], [.update(1..<3), .update(4..<5)])
    }

    func test_aLongerList_insertsAtTheEnd_andAShorterOneRemovesThere() {
        check([1, 2], [1, 2, 3, 4], [.insert(2..<4)])
        check([1, 2, 3, 4], [1, 7], [.update(1..<2), .remove(2..<4)])
        check([], [1], [.insert(0..<1)])
        check([1], [], [.remove(0..<1)])
    }
}

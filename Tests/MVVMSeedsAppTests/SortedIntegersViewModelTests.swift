import MVVMBinding
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

@MainActor
final class SortedIntegersViewModelTests: XCTestCase {
    // MARK: - Initial state

    func test_init_byDefault_showsTheSeedsOneTwoThree_withNoEdit() async {
        let sut = makeSUT()

        XCTAssertEqual(sut.sortedIntegers, [1, 2, 3])
        XCTAssertEqual(sut.state.editingStyle, .none)
        XCTAssertEqual(sut.count, 3)
        XCTAssertEqual(sut.randomRange, 0..<10)
    }

    func test_init_sortsTheInitialValues_keepingDuplicates() async {
        let sut = makeSUT(initialValues: [5, 1, 3, 1])

        XCTAssertEqual(sut.sortedIntegers, [1, 1, 3, 5])
    }

    func test_textAt_isTheIntegerInDecimal() async {
        let sut = makeSUT(initialValues: [-4, 7, 12])

        XCTAssertEqual((0..<sut.count).map(sut.text(at:)), ["-4", "7", "12"])
        XCTAssertEqual(sut.state.text(at: 2), "12")
    }

    // MARK: - Adding

    func test_add_insertsAtTheSortedPosition_andPublishesTheInsertEdit() async {
        let sut = makeSUT(initialValues: [1, 3, 5])
        let published = expectation(description: "state published")
        var states: [SortedIntegersViewModel.State] = []
        let cancellable = sut.$state.dropFirst().sink { state in
            states.append(state)
            published.fulfill()
        }

        let index = sut.add(4)

        await fulfillment(of: [published], timeout: 1)
        XCTAssertEqual(index, 2)
        XCTAssertEqual(states.map(\.sortedIntegers), [[1, 3, 4, 5]])
        XCTAssertEqual(states.map(\.editingStyle), [.insert(value: 4, index: 2)])
        cancellable.cancel()
    }

    func test_add_aDuplicate_goesAfterEveryEqualElement() async {
        let sut = makeSUT(initialValues: [1, 2, 2, 2, 3])
        let changes = sut.rowChanges.record()

        let index = sut.add(2)

        XCTAssertEqual(index, 4, "upper bound: after the three existing 2s")
        XCTAssertEqual(sut.sortedIntegers, [1, 2, 2, 2, 2, 3])
        XCTAssertEqual(sut.state.editingStyle, .insert(value: 2, index: 4))
        XCTAssertEqual(changes.values, [.insert(4..<5)])
    }

    func test_add_atTheEnds_andIntoAnEmptyList() async {
        let sut = makeSUT(initialValues: [])
        let changes = sut.rowChanges.record()

        XCTAssertEqual(sut.add(5), 0)
        XCTAssertEqual(sut.add(9), 1, "largest goes last")
        XCTAssertEqual(sut.add(-1), 0, "smallest goes first")
        XCTAssertEqual(sut.add(9), 3, "equal to the largest: after it")

        XCTAssertEqual(sut.sortedIntegers, [-1, 5, 9, 9])
        XCTAssertEqual(changes.values, [.insert(0..<1), .insert(1..<2), .insert(0..<1), .insert(3..<4)])
    }

    func test_addNewInteger_insertsTheRandomSourcesNumber_drawnFromZeroToTen() async {
        let log = ScriptedRandomSource.RangeLog()
        let sut = makeSUT(initialValues: [1, 2, 3], randomSource: ScriptedRandomSource([2, 0, 9], log: log))
        let changes = sut.rowChanges.record()

        sut.addNewInteger()
        XCTAssertEqual(sut.state.editingStyle, .insert(value: 2, index: 2))
        sut.addNewInteger()
        XCTAssertEqual(sut.state.editingStyle, .insert(value: 0, index: 0))
        sut.addNewInteger()
        XCTAssertEqual(sut.state.editingStyle, .insert(value: 9, index: 5))

        XCTAssertEqual(sut.sortedIntegers, [0, 1, 2, 2, 3, 9])
        XCTAssertEqual(changes.values, [.insert(2..<3), .insert(0..<1), .insert(5..<6)])
        XCTAssertEqual(log.ranges, [0..<10, 0..<10, 0..<10])
    }

    func test_addNewInteger_drawsFromAnInjectedRange_andClampsASourceThatIgnoresIt() async {
        let log = ScriptedRandomSource.RangeLog()
        let sut = makeSUT(initialValues: [], randomRange: 100..<200, randomSource: ScriptedRandomSource([150, 7, 500], log: log))

        sut.addNewInteger()
        sut.addNewInteger()
        sut.addNewInteger()

        XCTAssertEqual(log.ranges, [100..<200, 100..<200, 100..<200])
        XCTAssertEqual(sut.sortedIntegers, [100, 150, 199])
    }

    func test_addNewInteger_withTheSystemSource_staysInRangeAndSorted() async {
        let sut = makeSUT(initialValues: [])

        for _ in 0..<50 { sut.addNewInteger() }

        XCTAssertEqual(sut.count, 50)
        XCTAssertTrue(sut.sortedIntegers.allSatisfy { (0..<10).contains($0) })
        XCTAssertEqual(sut.sortedIntegers, sut.sortedIntegers.sorted())
    }

    // MARK: - Removing

    func test_removeAt_deletesThatRow_andPublishesTheDeleteEdit() async {
        let sut = makeSUT(initialValues: [1, 2, 3])
        var styles: [SortedIntegersViewModel.State.EditingStyle] = []
        let cancellable = sut.$state.dropFirst().sink { styles.append($0.editingStyle) }
        let changes = sut.rowChanges.record()

        XCTAssertTrue(sut.remove(at: 1))

        XCTAssertEqual(sut.sortedIntegers, [1, 3])
        XCTAssertEqual(styles, [.delete(index: 1)])
        XCTAssertEqual(changes.values, [.remove(1..<2)])
        cancellable.cancel()
    }

    func test_removeAt_firstAndLastRows() async {
        let sut = makeSUT(initialValues: [1, 2, 3, 4])
        let changes = sut.rowChanges.record()

        XCTAssertTrue(sut.remove(at: 3))
        XCTAssertTrue(sut.remove(at: 0))

        XCTAssertEqual(sut.sortedIntegers, [2, 3])
        XCTAssertEqual(changes.values, [.remove(3..<4), .remove(0..<1)])
    }

    func test_removeAt_anIndexOutOfRange_returnsFalse_andPublishesNothing() async {
        let sut = makeSUT(initialValues: [1, 2])
        var stateEmissions = 0
        let cancellable = sut.$state.dropFirst().sink { _ in stateEmissions += 1 }
        let changes = sut.rowChanges.record()

        XCTAssertFalse(sut.remove(at: 2))
        XCTAssertFalse(sut.remove(at: -1))
        XCTAssertFalse(makeSUT(initialValues: []).remove(at: 0))

        XCTAssertEqual(sut.sortedIntegers, [1, 2])
        XCTAssertEqual(sut.state.editingStyle, .none)
        XCTAssertEqual(stateEmissions, 0)
        XCTAssertEqual(changes.values, [])
        cancellable.cancel()
    }

    // MARK: - Views kept in step

    func test_rowChanges_arriveAfterTheStateIsStored_soAMirrorStaysInStep() async {
        let sut = makeSUT(initialValues: [4, 8], randomSource: ScriptedRandomSource([8, 1, 5, 8]))
        var mirror = sut.sortedIntegers
        var listSeenByEachChange: [[Int]] = []
        let cancellable = sut.rowChanges.sink { [unowned sut] change in
            listSeenByEachChange.append(sut.sortedIntegers)
            change.apply(to: &mirror, from: sut.sortedIntegers)
        }

        for _ in 0..<4 { sut.addNewInteger() }
        sut.remove(at: 0)
        sut.remove(at: 2)
        sut.add(4)

        XCTAssertEqual(mirror, sut.sortedIntegers)
        XCTAssertEqual(listSeenByEachChange.last, [4, 4, 5, 8, 8])
        cancellable.cancel()
    }

    func test_editingStyle_replayedOnTheState_rebuildsTheList() async {
        // A view that only looks at `state` can follow every edit too.
        let sut = makeSUT(initialValues: [3], randomSource: ScriptedRandomSource([3, 0]))
        var mirror: [Int] = []
        let cancellable = sut.$state.sink { state in
            switch state.editingStyle {
            case .none: mirror = state.sortedIntegers
            case let .insert(value, index): mirror.insert(value, at: index)
            case let .delete(index): mirror.remove(at: index)
            }
        }

        sut.addNewInteger()
        sut.addNewInteger()
        sut.remove(at: 1)

        XCTAssertEqual(mirror, [0, 3])
        XCTAssertEqual(mirror, sut.sortedIntegers)
        cancellable.cancel()
    }

    // MARK: - Helpers

    private func makeSUT(
        initialValues: [Int] = [1, 2, 3],
        randomRange: Range<Int> = 0..<10,
        randomSource: any RandomSource = SystemRandomSource()
    ) -> SortedIntegersViewModel {
        let sut = SortedIntegersViewModel(initialValues: initialValues, randomRange: randomRange, randomSource: randomSource)
        trackForMemoryLeaks(sut)
        return sut
    }
}

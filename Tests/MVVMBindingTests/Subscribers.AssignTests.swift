import MVVMBinding
import XCTest

final class AssignTests: XCTestCase {
    private final class Model: @unchecked Sendable {
        var title = ""
    }

    func test_assign_writesEveryValueThroughTheKeyPath() {
        let model = Model()
        let subject = PassthroughSubject<String, Never>()
        let cancellable = subject.assign(to: \.title, on: model)

        subject.send("a")
        XCTAssertEqual(model.title, "a")
        subject.send("b")

        XCTAssertEqual(model.title, "b")
        cancellable.cancel()
    }

    func test_assign_requestsUnlimitedValues() {
        let upstream = DrivenPublisher<String, Never>()

        upstream.subscribe(Subscribers.Assign(object: Model(), keyPath: \.title))

        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_assign_holdsTheObjectUntilCompletion() {
        let subject = PassthroughSubject<String, Never>()
        weak var weakModel: Model?
        let assign: Subscribers.Assign<Model, String>
        do {
            let model = Model()
            weakModel = model
            assign = Subscribers.Assign(object: model, keyPath: \.title)
            subject.subscribe(assign)
        }
        XCTAssertNotNil(weakModel, "held strongly while subscribed, as in Combine")

        subject.send(completion: .finished)

        XCTAssertNil(weakModel)
        XCTAssertNil(assign.object)
    }

    func test_cancel_releasesTheObjectAndCancelsTheUpstream() {
        let upstream = DrivenPublisher<String, Never>()
        weak var weakModel: Model?
        var cancellable: AnyCancellable?
        do {
            let model = Model()
            weakModel = model
            cancellable = upstream.assign(to: \.title, on: model)
        }

        cancellable?.cancel()

        XCTAssertNil(weakModel)
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_valuesAfterCancel_areNotAssigned() {
        let model = Model()
        let upstream = DrivenPublisher<String, Never>()
        let assign = Subscribers.Assign(object: model, keyPath: \.title)
        upstream.subscribe(assign)

        upstream.send("kept")
        assign.cancel()
        upstream.send("ignored")

        XCTAssertEqual(model.title, "kept")
    }

    func test_droppingTheCancellable_cancelsTheSubscription() {
        let model = Model()
        let subject = PassthroughSubject<String, Never>()
        do { _ = subject.assign(to: \.title, on: model) }

        subject.send("ignored")

        XCTAssertEqual(model.title, "")
    }

    /// Seed 004: `clock.$elapsed.map { format($0) }.assign(to: \.elapsedTime, on: self)`.
    func test_seedIdiom_mapThenAssignKeepsAPropertyInSync() async {
        final class ViewModel: @unchecked Sendable {
            var elapsedTime = "0s" {
                didSet { onChange?(elapsedTime) }
            }
            var onChange: ((String) -> Void)?
        }
        let ticks = CurrentValueSubject<Int, Never>(0)
        let viewModel = ViewModel()
        let expectation = expectation(description: "the formatted tick is assigned")
        viewModel.onChange = { text in
            if text == "3s" { expectation.fulfill() }
        }
        let cancellable = ticks.map { "\($0)s" }.assign(to: \.elapsedTime, on: viewModel)

        DispatchQueue.global().async { ticks.send(3) }

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }
}

extension AssignTests {
    private final class Target {
        var value = 0
    }

    func test_theDescription_isAssignAndTheRootType_asCombinesReads() {
        let assign = Subscribers.Assign(object: Target(), keyPath: \Target.value)

        XCTAssertEqual(assign.description, "Assign Target.")
        XCTAssertEqual(assign.playgroundDescription as? String, "Assign Target.")
    }

    func test_theMirror_showsObjectKeyPathAndStatus() {
        let target = Target()
        let assign = Subscribers.Assign(object: target, keyPath: \Target.value)

        var children = Array(Mirror(reflecting: assign).children)
        XCTAssertEqual(children.map(\.label), ["object", "keyPath", "status"])
        XCTAssertTrue(children[0].value as? Target === target)
        XCTAssertEqual(children[1].value as? ReferenceWritableKeyPath<Target, Int>, \Target.value)
        XCTAssertEqual("\(children[2].value)", "awaitingSubscription")

        Just(1).subscribe(assign)
        children = Array(Mirror(reflecting: assign).children)
        XCTAssertEqual("\(children[2].value)", "terminal")
        XCTAssertNil(children[0].value as? Target, "released at the end")
    }
}

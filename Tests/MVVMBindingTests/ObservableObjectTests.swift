import Dispatch
import MVVMBinding
import XCTest

private class Contact: ObservableObject {
    @Published var name: String
    @Published var age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    func haveBirthday() { age += 1 }
}

private final class Employee: Contact, @unchecked Sendable {
    @Published var role = "engineer"
    var unpublishedNote = ""
}

private class Labelled: ObservableObject {
    @Published var label = ""
}

private final class Pair<First, Second>: Labelled {
    var plain = 0
    @Published var first: First
    @Published var second: Second

    init(first: First, second: Second) {
        self.first = first
        self.second = second
    }
}

private final class MirrorHidden: ObservableObject, CustomReflectable {
    @Published var value = 0
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

private final class NothingPublished: ObservableObject {
    var plain = 0
}

/// A type that provides its own `objectWillChange`, which the default must not replace.
private final class CustomPublisherObject: ObservableObject {
    let objectWillChange = PassthroughSubject<Int, Never>()
    @Published var value = 0
}

@MainActor
private final class CounterViewModel: ObservableObject {
    @Published private(set) var count = 0
    @Published private(set) var state: ViewState<[String]> = .idle

    init(counts: some Publisher<Int, Never> = Empty()) {
        counts.assign(to: &$count)
    }

    func increment() { count += 1 }

    func load() async {
        state = .loading
        await Task.yield()
        state = .loaded(["a", "b"])
    }
}

final class ObservableObjectTests: XCTestCase {
    // MARK: - Identity

    func test_objectWillChange_returnsTheSameInstanceOnEveryAccess() {
        let sut = Contact(name: "Ada", age: 36)

        XCTAssertTrue(sut.objectWillChange === sut.objectWillChange)
    }

    func test_objectWillChange_ofASubclass_isOneInstanceSharedBySubclassAndSuperclassFields() {
        let sut = Employee(name: "Ada", age: 36)
        let first = sut.objectWillChange
        let viaSuperclass = (sut as Contact).objectWillChange

        XCTAssertTrue(first === viaSuperclass)
    }

    func test_objectWillChange_withoutPublishedProperties_isANewPublisherEachTime() {
        let sut = NothingPublished()

        XCTAssertFalse(sut.objectWillChange === sut.objectWillChange)
    }

    func test_objectWillChange_isTheSameInstanceWhenFirstReadFromManyThreadsAtOnce() {
        let sut = Contact(name: "Ada", age: 36)
        let recorder = ConcurrentRecorder<ObjectIdentifier>()

        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            recorder.append(ObjectIdentifier(sut.objectWillChange))
        }

        XCTAssertEqual(Set(recorder.elements).count, 1)
        XCTAssertEqual(recorder.elements.first, ObjectIdentifier(sut.objectWillChange))
    }

    func test_customObjectWillChange_isUsedInsteadOfTheSynthesisedOne() {
        let sut = CustomPublisherObject()
        var received: [Int] = []
        let cancellable = sut.objectWillChange.sink { received.append($0) }

        sut.value = 1
        sut.objectWillChange.send(42)

        XCTAssertEqual(received, [42])
        cancellable.cancel()
    }

    // MARK: - Timing

    func test_objectWillChange_firesBeforeTheValueIsStored() {
        let sut = Contact(name: "John Appleseed", age: 24)
        var agesSeen: [Int] = []
        let cancellable = sut.objectWillChange.sink { agesSeen.append(sut.age) }

        sut.haveBirthday()

        XCTAssertEqual(agesSeen, [24])
        XCTAssertEqual(sut.age, 25)
        cancellable.cancel()
    }

    func test_objectWillChange_firesBeforeThePropertysOwnPublisher() {
        let sut = Contact(name: "Ada", age: 36)
        var events: [String] = []
        let willChange = sut.objectWillChange.sink { events.append("objectWillChange") }
        let ageChanges = sut.$age.dropFirst().sink { events.append("age \($0), stored \(sut.age)") }

        sut.age = 37

        XCTAssertEqual(events, ["objectWillChange", "age 37, stored 36"])
        willChange.cancel()
        ageChanges.cancel()
    }

    func test_objectWillChange_firesOnceForEachChangeOfAnyPublishedProperty() {
        let sut = Contact(name: "Ada", age: 36)
        var count = 0
        let cancellable = sut.objectWillChange.sink { count += 1 }

        sut.name = "Grace"
        sut.age = 40
        sut.age = 41

        XCTAssertEqual(count, 3)
        cancellable.cancel()
    }

    func test_objectWillChange_firesForSubclassAndSuperclassProperties() {
        let sut = Employee(name: "Ada", age: 36)
        var count = 0
        let cancellable = sut.objectWillChange.sink { count += 1 }

        sut.role = "lead"  // declared in the subclass
        sut.name = "Grace"  // declared in the superclass
        sut.unpublishedNote = "ignored"

        XCTAssertEqual(count, 2)
        cancellable.cancel()
    }

    func test_objectWillChange_ofGenericClasses_firesForPropertiesWhoseLayoutDependsOnTheParameters() {
        let sut = Pair<String, [Int]>(first: "a", second: [1])
        var count = 0
        let cancellable = sut.objectWillChange.sink { count += 1 }

        sut.second = [1, 2]  // after a field whose size depends on the first parameter
        sut.label = "x"  // the superclass's
        sut.first = "b"
        sut.plain = 3

        XCTAssertEqual(count, 3)
        let other = Pair<String, [Int]>(first: "c", second: [])
        XCTAssertTrue(sut.objectWillChange === sut.objectWillChange)
        XCTAssertFalse(sut.objectWillChange === other.objectWillChange)
        cancellable.cancel()
    }

    func test_objectWillChange_findsThePropertiesOfAClassWithACustomMirror() {
        let sut = MirrorHidden()
        var count = 0
        let cancellable = sut.objectWillChange.sink { count += 1 }

        sut.value = 1

        XCTAssertEqual(count, 1)
        cancellable.cancel()
    }

    func test_objectWillChange_firesForAssignmentsMadeByAssignTo() {
        let sut = Contact(name: "Ada", age: 36)
        let ages = PassthroughSubject<Int, Never>()
        ages.assign(to: &sut.$age)
        var agesSeen: [Int] = []
        let cancellable = sut.objectWillChange.sink { agesSeen.append(sut.age) }

        ages.send(50)

        XCTAssertEqual(agesSeen, [36])
        XCTAssertEqual(sut.age, 50)
        cancellable.cancel()
    }

    func test_changesBeforeTheFirstAccess_areNotLost_andLaterChangesFire() {
        let sut = Contact(name: "Ada", age: 36)
        sut.age = 37  // no objectWillChange installed yet: nothing to fire
        var count = 0

        let cancellable = sut.objectWillChange.sink { count += 1 }
        sut.age = 38

        XCTAssertEqual(count, 1)
        XCTAssertEqual(sut.age, 38)
        cancellable.cancel()
    }

    // MARK: - Lifetime

    func test_subscribingToObjectWillChange_doesNotRetainTheObject() {
        let sut = Contact(name: "Ada", age: 36)
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }
        var count = 0
        let cancellable = sut.objectWillChange.sink { [weak sut] in
            count += 1
            _ = sut?.age
        }

        sut.age = 37

        XCTAssertEqual(count, 1)
        cancellable.cancel()
    }

    func test_objectWillChange_isReleasedWithTheObject() {
        var sut: Contact? = Contact(name: "Ada", age: 36)
        weak let publisher = sut?.objectWillChange
        XCTAssertNotNil(publisher)

        sut = nil

        XCTAssertNil(publisher, "the object's @Published storage owned it")
    }

    // MARK: - Swift 6, @MainActor

    @MainActor
    func test_mainActorViewModel_withPrivateSetPublishedProperties_publishesChanges() {
        let sut = CounterViewModel()
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }
        var counts: [Int] = []
        var willChangeCount = 0
        let countChanges = sut.$count.sink { counts.append($0) }
        let willChange = sut.objectWillChange.sink { willChangeCount += 1 }

        sut.increment()
        sut.increment()

        XCTAssertEqual(counts, [0, 1, 2])
        XCTAssertEqual(willChangeCount, 2)
        countChanges.cancel()
        willChange.cancel()
    }

    @MainActor
    func test_mainActorViewModel_assignToPrivateSetProperty_publishesUpstreamValues() {
        let counts = PassthroughSubject<Int, Never>()
        let sut = CounterViewModel(counts: counts)
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }
        var received: [Int] = []
        let cancellable = sut.$count.sink { received.append($0) }

        counts.send(5)

        XCTAssertEqual(received, [0, 5])
        XCTAssertEqual(sut.count, 5)
        cancellable.cancel()
    }

    @MainActor
    func test_mainActorViewModel_asyncLoad_publishesLoadingThenLoaded() async {
        let sut = CounterViewModel()
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }
        let loaded = expectation(description: "loaded")
        var states: [ViewState<[String]>] = []
        let cancellable = sut.$state.dropFirst().sink { state in
            states.append(state)
            if state.value != nil { loaded.fulfill() }
        }

        await sut.load()

        await fulfillment(of: [loaded], timeout: 2.0)
        XCTAssertEqual(states, [.loading, .loaded(["a", "b"])])
        cancellable.cancel()
    }
}

// Shared with `concurrentPerform`; the only state it touches there is `@Published` storage.
extension Contact: @unchecked Sendable {}

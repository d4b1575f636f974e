import CMVVM
import MVVMBinding
import MVVMDomain
import MVVMTestSupport
import XCTest

@testable import MVVMRuntime
@testable import MVVMSeedsApp

/// The seeds' ViewModels declared by their code (`@ViewModel`) keep the C behaviour their
/// hand-written declarations had: the registration's numbers, a post that is absent until
/// loaded (MVVM_E_STATE with its message for the typed getter), comments that cannot be read
/// before, the load's state as `mvvm_view_state`, a stopwatch that stops when destroyed, and
/// constructors taking a repository, an integer array and a seed. The rest of the C API (names,
/// kinds, order, signatures) is the generated header's, which `make test-generated` compares.
@MainActor
final class SeedsDeclarationTests: XCTestCase {
    func test_the_registration_keeps_every_number() async {
        let registry = TypeRegistry.shared
        XCTAssertNil(registry.registrationFailure)
        XCTAssertEqual(
            registry.declarations.map(\.name),
            ["Repository", "UserList", "UserDetail", "PostDetail", "SortedIntegers", "Stopwatch", "Coordinator", "UserSearch"])
        XCTAssertEqual(registry.declarations.map(\.type), Array(1...8).map { mvvm_type($0) })
        XCTAssertEqual(registry.registeredRecords.map(\.cType), ["mvvm_user", "mvvm_post", "mvvm_comment"])
        XCTAssertEqual(registry.registeredRecords.map(\.kind), [7, 8, 9])
        XCTAssertEqual(registry.registeredEnums.map(\.cType), ["mvvm_loading", "mvvm_view_state", "mvvm_navigation"])
        XCTAssertEqual(registry.registeredEnums[2].cases.map(\.number), [1, 2], "the navigation's numbers of 0.1")
    }

    func test_a_post_is_absent_and_its_comments_unreadable_until_loaded() async throws {
        let declaration = PostDetailViewModel.declaration
        let post = try XCTUnwrap(declaration.members.firstIndex { $0.name == "post" })
        let comments = try XCTUnwrap(declaration.members.firstIndex { $0.name == "comments" })
        let state = try XCTUnwrap(declaration.members.firstIndex { $0.name == "state" })
        XCTAssertTrue(declaration.members[post].isNullable)
        XCTAssertEqual(declaration.members[state].enumName, "mvvm_view_state")

        let repository = MockPostRepository()
        let loadedPost = PostFixtures.post(id: 42, likesCount: 10, liked: false)
        repository.stubbedPostResult = .success(loadedPost)
        repository.stubbedCommentsResult = .success(PostFixtures.comments(postId: 42, count: 2))
        let viewModel = PostDetailViewModel(repository: repository, postId: 42)
        let object = ViewModelObject(viewModel: viewModel, keepingAlive: nil)
        let notLoaded = "The post is not loaded; wait for notify::state to report MVVM_VIEW_STATE_LOADED."
        XCTAssertEqual(try declaration.read(state, of: object), .int32(0), "idle")
        XCTAssertEqual(try declaration.read(post, of: object), .none, "absent for handlers and mvvm_object_get()")
        XCTAssertEqual(declaration.properties[post].absentMessage?(object), notLoaded, "the typed getter's MVVM_E_STATE")
        XCTAssertThrowsError(try declaration.count(comments, of: object)) { error in
            XCTAssertEqual((error as? APIError)?.status, MVVM_E_STATE)
            XCTAssertEqual((error as? APIError)?.message, notLoaded)
        }

        await values(of: viewModel.$state.dropFirst(), count: 2) { viewModel.onAppear() }
        XCTAssertEqual(try declaration.read(state, of: object), .int32(2), "loaded")
        XCTAssertEqual(try declaration.count(comments, of: object), 2)
        viewModel.toggleLike()
        var live = loadedPost
        live.likesCount = 11
        live.likedByCurrentUser = true
        XCTAssertEqual(try declaration.read(post, of: object), .record(live), "the live like state")
    }

    func test_a_destroyed_stopwatch_stops_ticking() async {
        let viewModel = StopwatchViewModel(scheduler: TestScheduler(), tickInterval: .milliseconds(10))
        let object = ViewModelObject(viewModel: viewModel, keepingAlive: nil)
        viewModel.buttonTapped()
        XCTAssertTrue(viewModel.isRunning)
        object.tearDown()
        XCTAssertFalse(viewModel.isRunning)
    }

    func test_constructors_take_a_repository_an_integer_array_and_a_seed() async throws {
        let runtime = Runtime()
        let made = try SortedIntegersViewModel.declaration.make([.int64Array([3, 1, 2]), .uint64(7)], in: runtime)
        let sorted = try XCTUnwrap(made as? ViewModelObject<SortedIntegersViewModel>).viewModel
        XCTAssertEqual(sorted.sortedIntegers, [1, 2, 3])

        let repository = RepositoryObject(users: MockUserRepository(), posts: MockPostRepository())
        let handle = runtime.register(repository)
        let detail = try UserDetailViewModel.declaration.make([.object(handle), .int64(5)], in: runtime)
        XCTAssertEqual(try XCTUnwrap(detail as? ViewModelObject<UserDetailViewModel>).viewModel.userID, 5)
        XCTAssertThrowsError(try UserDetailViewModel.declaration.make([.object(runtime.register(made)), .int64(5)], in: runtime)) { error in
            XCTAssertEqual((error as? APIError)?.status, MVVM_E_WRONG_TYPE, "a handle of another type is no repository")
        }
    }
}

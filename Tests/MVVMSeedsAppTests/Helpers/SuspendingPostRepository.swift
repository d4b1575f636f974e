import MVVMDomain
import MVVMTestSupport
import XCTest

/// A `PostRepository` whose every call waits until the test answers it, so a test decides
/// when, and in which order, responses arrive — deterministically, without sleeping.
///
/// Main-actor isolated: a call is recorded and starts waiting in one main-actor job, and an
/// answered call continues on the main actor, so the ViewModel handles answers in the order
/// the test gives them. Every call must be answered before the test ends (an abandoned
/// continuation is reported by the runtime as a leak).
@MainActor
final class SuspendingPostRepository: PostRepository {
    /// One call waiting for its answer.
    @MainActor
    final class PendingCall<Argument, Value: Sendable> {
        let argument: Argument
        private var continuation: CheckedContinuation<Value, any Error>?
        private(set) var isAnswered = false

        init(argument: Argument) {
            self.argument = argument
        }

        /// Answers the call with `value`.
        func answer(_ value: Value) {
            take().resume(returning: value)
        }

        /// Answers the call by throwing `error`.
        func fail(_ error: any Error) {
            take().resume(throwing: error)
        }

        /// Waits for the answer; `onWaiting` runs once the call can be answered.
        fileprivate func wait(onWaiting: () -> Void) async throws -> Value {
            try await withCheckedThrowingContinuation {
                continuation = $0
                onWaiting()
            }
        }

        private func take() -> CheckedContinuation<Value, any Error> {
            guard let continuation, !isAnswered else { preconditionFailure("call answered twice") }
            isAnswered = true
            self.continuation = nil
            return continuation
        }
    }

    private(set) var fetchPostCalls: [PendingCall<Post.ID, Post>] = []
    private(set) var fetchCommentsCalls: [PendingCall<Post.ID, [Comment]>] = []
    private(set) var setLikedCalls: [PendingCall<Bool, Post>] = []

    /// Every `setLiked` argument, in call order.
    var setLikedArguments: [Bool] { setLikedCalls.map(\.argument) }

    private let waiters = ConditionExpectations<SuspendingPostRepository>()

    /// An expectation fulfilled once `condition` holds: at once, or when a later call arrives.
    func expectation(
        _ description: String, when condition: @escaping (SuspendingPostRepository) -> Bool
    ) -> XCTestExpectation {
        waiters.expectation(description, for: self, when: condition)
    }

    /// An expectation fulfilled once `count` like requests have arrived.
    func expectationForLikeRequests(_ count: Int) -> XCTestExpectation {
        expectation("\(count) like request(s)") { $0.setLikedCalls.count >= count }
    }

    @MainActor func fetchPost(id: Post.ID) async throws -> Post {
        try await record(PendingCall(argument: id), in: \.fetchPostCalls)
    }

    @MainActor func fetchComments(postId: Post.ID) async throws -> [Comment] {
        try await record(PendingCall(argument: postId), in: \.fetchCommentsCalls)
    }

    @MainActor func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        try await record(PendingCall(argument: liked), in: \.setLikedCalls)
    }

    private func record<Argument, Value>(
        _ call: PendingCall<Argument, Value>,
        in calls: ReferenceWritableKeyPath<SuspendingPostRepository, [PendingCall<Argument, Value>]>
    ) async throws -> Value {
        self[keyPath: calls].append(call)
        // Tell the waiters only once the call can be answered (its continuation installed).
        return try await call.wait { waiters.fulfillMet(by: self) }
    }
}

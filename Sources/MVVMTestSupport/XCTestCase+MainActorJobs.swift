import XCTest

@MainActor
extension XCTestCase {
    /// Lets every main-actor job queued so far run, then returns: a task started now runs after
    /// them (the main actor runs its jobs in order).
    ///
    /// A test uses it to see that something did NOT happen: after a command whose work the
    /// code under test queues on the main actor (a repository that answers in a main-actor
    /// task, a `Task { @MainActor in … }`), this returns once that work has landed, so an
    /// assertion that nothing changed is not merely early. Work that waits for something else
    /// (another thread, a timer, a continuation nobody resumed) is not waited for.
    public func runQueuedMainActorJobs() async {
        await Task { @MainActor in }.value
    }
}

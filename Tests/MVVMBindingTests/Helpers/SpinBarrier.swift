import Synchronization

/// Holds each of `parties` threads until all have arrived, then releases them together, so a
/// race test starts its contenders as close to the same instant as the machine allows (a
/// semaphore would wake them one after the other). Reusable: each release opens a new round.
final class SpinBarrier: Sendable {
    private let arrived = Atomic<Int>(0)
    private let round = Atomic<Int>(0)
    private let parties: Int

    init(parties: Int) {
        self.parties = parties
    }

    func arriveAndWait() {
        let current = round.load(ordering: .acquiring)
        if arrived.add(1, ordering: .acquiringAndReleasing).newValue == parties {
            arrived.store(0, ordering: .relaxed)
            round.store(current + 1, ordering: .releasing)
            return
        }
        while round.load(ordering: .acquiring) == current {}
    }
}

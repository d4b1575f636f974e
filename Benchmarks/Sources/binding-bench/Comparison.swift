import BenchmarkSupport
import MallocStats

/// Measures one operator family beside its hand-written closure reference, in the same run,
/// and prints both figures, their ratio, and the heap allocations per operation of each.
///
/// `ours` and `reference` perform `count` operations each (values sent, subscriptions made);
/// their setup is inside the measured body, so allocations per operation are the per-value
/// cost plus the setup spread over `iterations` (that share rounds to zero for a steady-state
/// path with no allocation per value).
func compare(
    _ name: String, unit: String, iterations: Int,
    ours: (Int) -> Void, reference: (Int) -> Void
) {
    guard isSelected(name) else { return }
    let referenceName = "\(name)_reference_closures"
    let oursNs = medianNanosecondsPerOperation(iterations: iterations, ours)
    let referenceNs = medianNanosecondsPerOperation(iterations: iterations, reference)
    report(name, oursNs, unit: unit)
    report(referenceName, referenceNs, unit: unit)
    reportRatio(name, ours: oursNs, reference: referenceNs)
    report("\(name)_allocations", allocationsPerOperation(iterations: iterations, ours), unit: "allocations/op")
    report("\(referenceName)_allocations", allocationsPerOperation(iterations: iterations, reference), unit: "allocations/op")
}

/// Heap allocations per operation of `body` over one run of `iterations` operations (after
/// the warm-up that `medianNanosecondsPerOperation` already gave it). Counted by the
/// interposed allocator of `MallocStats`; the benchmark runs on one thread, so what it counts
/// is `body`'s.
func allocationsPerOperation(iterations: Int, _ body: (Int) -> Void) -> Double {
    let before = malloc_stats_allocation_count()
    body(iterations)
    let after = malloc_stats_allocation_count()
    return Double(after - before) / Double(iterations)
}

/// Whether the figure `name` is wanted: every figure when the command line names none,
/// otherwise those whose name contains one of the arguments (`binding-bench zip flat_map`).
func isSelected(_ name: String) -> Bool {
    let wanted = CommandLine.arguments.dropFirst()
    return wanted.isEmpty || wanted.contains { name.contains($0) }
}

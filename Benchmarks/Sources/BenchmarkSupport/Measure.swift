import Dispatch

/// Keeps a value observable so the optimiser cannot delete the work that produced it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Hides a value from the optimiser, so a reference built from closures is called as closures
/// rather than folded into the loop (which would measure nothing).
@inline(never)
public func opaque<T>(_ value: T) -> T {
    value
}

/// Runs `body` (which performs `iterations` operations) `runs` times after one warm-up run and
/// returns the median cost of one operation in nanoseconds. Medians because machines are noisy.
public func medianNanosecondsPerOperation(iterations: Int, runs: Int = 7, _ body: (Int) -> Void) -> Double {
    body(iterations / 10)
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body(iterations)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        samples.append(Double(elapsed) / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Prints `bench <name> <value> <unit>`.
public func report(_ name: String, _ value: Double, unit: String) {
    print("bench \(name) \(format(value)) \(unit)")
}

/// Prints `ratio <name> <ours / reference>`.
public func reportRatio(_ name: String, ours: Double, reference: Double) {
    print("ratio \(name) \(format(ours / reference))")
}

private func format(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return String(scaled)
}

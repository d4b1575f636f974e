import BenchmarkSupport
import MVVMBinding

// Each pair measures the same work through MVVMBinding and through plain Swift closures, in
// the same process and run, so the ratio is meaningful on a noisy machine.

let iterations = 2_000_000

// MARK: - @Published send to one sink

final class PublishedModel {
    @Published var value = 0
}

/// The reference: a property whose observer calls one stored closure, as hand-written binding
/// code without publishers would.
final class ClosureModel {
    var onChange: (Int) -> Void = { _ in }
    var value = 0 { willSet { onChange(newValue) } }
}

let publishedNs = medianNanosecondsPerOperation(iterations: iterations) { count in
    let model = PublishedModel()
    var sum = 0
    let cancellable = model.$value.sink { sum &+= $0 }
    for i in 0..<count { model.value = i }
    cancellable.cancel()
    blackHole(sum)
}
let closureNs = medianNanosecondsPerOperation(iterations: iterations) { count in
    let model = ClosureModel()
    var sum = 0
    model.onChange = opaque { sum &+= $0 }
    for i in 0..<count { model.value = i }
    blackHole(sum)
}
report("published_send_to_sink", publishedNs, unit: "ns/value")
report("published_send_to_sink_reference_closure", closureNs, unit: "ns/value")
reportRatio("published_send_to_sink", ours: publishedNs, reference: closureNs)

// MARK: - subject -> map -> filter -> sink

let pipelineNs = medianNanosecondsPerOperation(iterations: iterations) { count in
    let subject = PassthroughSubject<Int, Never>()
    var sum = 0
    let cancellable = subject
        .map { $0 &* 3 }
        .filter { $0 & 1 == 0 }
        .sink { sum &+= $0 }
    for i in 0..<count { subject.send(i) }
    cancellable.cancel()
    blackHole(sum)
}

/// The reference: the same transform, predicate and consumer as a chain of stored closures.
final class ClosureChain {
    var send: (Int) -> Void = { _ in }
}
let closureChainNs = medianNanosecondsPerOperation(iterations: iterations) { count in
    var sum = 0
    let consume: (Int) -> Void = opaque { sum &+= $0 }
    let filter: (Int) -> Void = opaque { if $0 & 1 == 0 { consume($0) } }
    let chain = ClosureChain()
    chain.send = opaque { filter($0 &* 3) }
    for i in 0..<count { chain.send(i) }
    blackHole(sum)
}
report("subject_map_filter_sink", pipelineNs, unit: "ns/value")
report("subject_map_filter_sink_reference_closures", closureChainNs, unit: "ns/value")
reportRatio("subject_map_filter_sink", ours: pipelineNs, reference: closureChainNs)

// MARK: - Memory: @Published beside a stored property (see PublishedMemory.swift)

reportPublishedMemory()

import BenchmarkSupport
import MVVMBinding

// @Published send to one sink, beside a property whose observer calls one stored closure, as
// hand-written binding code without publishers would.

private final class PublishedModel {
    @Published var value = 0
}

private final class ClosureModel {
    var onChange: (Int) -> Void = { _ in }
    var value = 0 { willSet { onChange(newValue) } }
}

func benchPublishedSend() {
    compare("published_send_to_sink", unit: "ns/value", iterations: 1_000_000) { count in
        let model = PublishedModel()
        var sum = 0
        let cancellable = model.$value.sink { sum &+= $0 }
        for i in 0..<count { model.value = i }
        cancellable.cancel()
        blackHole(sum)
    } reference: { count in
        let model = ClosureModel()
        var sum = 0
        model.onChange = opaque { sum &+= $0 }
        for i in 0..<count { model.value = i }
        blackHole(sum)
    }
}

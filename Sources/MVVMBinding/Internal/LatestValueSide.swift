/// CombineLatest's slot for one upstream: the latest value of its output type.
///
/// The value sits in a slot allocated once, with `hasValue` beside it, rather than in an
/// optional, which would cost a run-time metadata lookup per value in unspecialised code.
final class LatestValueSide<Value>: TupleSide {
    private let slot = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    deinit {
        removeValues()
        slot.deallocate()
    }

    override func removeValues() {
        guard hasValue else { return }
        slot.deinitialize(count: 1)
        hasValue = false
    }

    func store(_ value: Value) {
        if hasValue {
            slot.pointee = value
        } else {
            slot.initialize(to: value)
            hasValue = true
        }
    }

    /// The latest value; call only when `hasValue`.
    var value: Value { slot.pointee }
}

/// Zip's slot for one upstream: its values not yet paired, oldest first.
final class QueuedValuesSide<Value>: TupleSide {
    @exclusivity(unchecked) private var values = ValueQueue<Value>()

    override func removeValues() {
        values.removeAll()
        hasValue = false
    }

    func append(_ value: Value) {
        values.append(value)
        hasValue = true
    }

    /// The oldest value; call only when `hasValue`.
    func takeOldest() -> Value {
        let oldest = values.removeFirst()
        hasValue = !values.isEmpty
        return oldest
    }
}

/// How a subscription (or an operator's subscriber) shows itself in `print()`, `dump()` and the
/// debugger, as Combine's do: `description` is the bare name Combine prints ("Map",
/// "PassthroughSubject", "Empty"), `customMirror` lists the parts worth seeing (the upstream,
/// the downstream, the operator's state), and a playground shows the description.
///
/// Opting in is one conformance and a `description`; `reflectedParts` is optional (by default
/// the mirror has no children, as many of Combine's do). The parts are read when a mirror is
/// made, never on the value path, so conforming costs nothing per value.
package protocol CombineReflectable: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The labelled parts the mirror shows, in order.
    var reflectedParts: [(label: String, value: Any)] { get }
}

extension CombineReflectable {
    package var reflectedParts: [(label: String, value: Any)] { [] }

    package var customMirror: Mirror {
        Mirror(self, children: reflectedParts.map { (label: Optional($0.label), value: $0.value) })
    }

    package var playgroundDescription: Any { description }
}

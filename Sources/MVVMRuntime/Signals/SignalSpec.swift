/// A signal of an object type: its name, its argument shape and, for "notify::" signals, the
/// property it announces.
struct SignalSpec {
    let name: String
    let shape: SignalShape
    /// True for "notify::NAME": coalesced per dispatch and carrying the property's value.
    let isPropertyNotification: Bool

    static func notify(_ property: String, _ shape: SignalShape) -> SignalSpec {
        SignalSpec(name: "notify::" + property, shape: shape, isPropertyNotification: true)
    }

    static func event(_ name: String, _ shape: SignalShape) -> SignalSpec {
        SignalSpec(name: name, shape: shape, isPropertyNotification: false)
    }
}

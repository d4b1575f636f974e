import Synchronization

private let nextIdentifier = Atomic<UInt64>(0)

/// A unique identifier for a subscription or subscriber, used to tell streams apart.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let rawValue: UInt64

    /// A fresh identifier, unique within the process.
    public init() {
        rawValue = nextIdentifier.add(1, ordering: .relaxed).newValue
    }

    /// The identifier of `object`, stable for its lifetime.
    public init(_ object: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
    }

    public var description: String { "0x\(String(rawValue, radix: 16))" }
}

/// A type with a `CombineIdentifier`. Classes get one from their object identity.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

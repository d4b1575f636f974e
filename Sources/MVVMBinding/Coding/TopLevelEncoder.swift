/// A type that encodes a whole value into one output, such as `JSONEncoder` into `Data`:
/// what `Publisher.encode(encoder:)` needs.
public protocol TopLevelEncoder {
    /// What the encoder produces.
    associatedtype Output

    /// Encodes `value`.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A type that decodes a whole value from one input, such as `JSONDecoder` from `Data`:
/// what `Publisher.decode(type:decoder:)` needs.
public protocol TopLevelDecoder {
    /// What the decoder reads.
    associatedtype Input

    /// Decodes a value of `type` from `input`.
    func decode<T: Decodable>(_ type: T.Type, from input: Input) throws -> T
}

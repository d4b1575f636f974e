extension Record {
    /// The values and completion a `Record` replays.
    public struct Recording {
        public typealias Input = Output

        /// The recorded values, in order.
        public private(set) var output: [Output]

        /// The recorded completion (`finished` until one is received).
        public private(set) var completion: Subscribers.Completion<Failure>

        private var isComplete = false

        /// An empty recording, still open for values.
        public init() {
            self.output = []
            self.completion = .finished
        }

        /// A complete recording of `output` followed by `completion`.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            self.isComplete = true
        }

        /// Records a value. As in Combine, recording after the completion is a programmer
        /// error and traps.
        public mutating func receive(_ input: Input) {
            precondition(!isComplete, "Record.Recording.receive(_:): a value can't be recorded after the completion")
            output.append(input)
        }

        /// Records the completion, which closes the recording. A second completion traps.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!isComplete, "Record.Recording.receive(completion:): a recording can't take more than one completion")
            self.completion = completion
            isComplete = true
        }
    }
}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case output
        case completion
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            output: try container.decode([Output].self, forKey: .output),
            completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    }

    /// Encodes the recording into `encoder`: the same as `encode(to:)`, under Combine's name.
    public func encode(into encoder: any Encoder) throws {
        try encode(to: encoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }
}

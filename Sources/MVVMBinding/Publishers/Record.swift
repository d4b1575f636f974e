/// A publisher that replays a recorded list of values and then a recorded completion to each
/// subscriber, respecting its demand.
///
/// Build the recording up front (`Record(output:completion:)`) or step by step
/// (`Record { $0.receive(1); $0.receive(completion: .finished) }`). Codable when its values and
/// error are, so a recorded stream can be stored and replayed in a test.
public struct Record<Output, Failure: Error>: Publisher {
    /// What every subscriber receives.
    public let recording: Recording

    /// Creates a record from a recording built by `record`.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// Creates a record that replays `recording`.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// Creates a record that replays `output` and then `completion`.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        self.init(recording: Recording(output: output, completion: completion))
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let values = Publishers.Sequence<[Output], Failure>(sequence: recording.output)
        switch recording.completion {
        case .finished: values.receive(subscriber: subscriber)
        case .failure(let error): values.append(Fail(error: error)).receive(subscriber: subscriber)
        }
    }
}

extension Record: Codable where Output: Codable, Failure: Codable {
    private enum CodingKeys: String, CodingKey {
        case recording
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(recording: try container.decode(Recording.self, forKey: .recording))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recording, forKey: .recording)
    }
}

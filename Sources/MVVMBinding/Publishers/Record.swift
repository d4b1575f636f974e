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

    /// As Combine's: with no values, the subscriber gets the completion at once, without
    /// asking; otherwise the values as it asks, and the completion right after the last value.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        guard !recording.output.isEmpty else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: recording.completion)
            return
        }
        subscriber.receive(
            subscription: RecordSubscription(downstream: subscriber, values: recording.output, completion: recording.completion))
    }
}

/// Replays a non-empty list of values while there is demand, from one loop at a time, then
/// the completion right after the last value (without waiting for more demand).
///
/// As `Publishers.Sequence`'s subscription: a request made while the loop runs (from
/// `receive(_:)`, or from another thread) only adds demand for the running loop to serve, so
/// re-entrant requests never recurse and the values stay in order. The lock is taken once
/// per value; nothing is allocated after the subscription itself.
///
/// It prints as Combine's does: the recorded values while live, "Cancelled Events" once
/// finished or cancelled.
private final class RecordSubscription<Downstream: Subscriber>: Subscription, CombineReflectable,
    @unchecked Sendable
{
    private let lock = Lock()
    private let values: [Downstream.Input]
    private let completion: Subscribers.Completion<Downstream.Failure>
    // Guarded by `lock`, and never held `inout` across a call.
    /// Released (set to nil) once finished or cancelled.
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var isLive = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var isEmitting = false
    /// The index of the value to send next.
    @exclusivity(unchecked) private var next = 0

    init(downstream: Downstream, values: [Downstream.Input], completion: Subscribers.Completion<Downstream.Failure>) {
        self.downstream = downstream
        self.values = values
        self.completion = completion
    }

    var description: String {
        lock.lock()
        defer { lock.unlock() }
        return isLive ? values.description : "Cancelled Events"
    }

    var reflectedParts: [(label: String, value: Any)] {
        lock.lock()
        defer { lock.unlock() }
        return [("sequence", isLive ? values : []), ("completion", completion)]
    }

    /// A zero request is allowed, as in Combine's (it adds nothing and starts no loop).
    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard isLive else { return lock.unlock() }
        demand += newDemand
        guard !isEmitting, let target = downstream else { return lock.unlock() }
        isEmitting = true
        while demand > 0 {
            demand -= 1
            let value = values[next]
            next += 1
            lock.unlock()
            let more = target.receive(value)
            lock.lock()
            demand += more
            guard isLive else {
                // Cancelled while the value was being delivered.
                isEmitting = false
                return lock.unlock()
            }
            if next == values.count {
                isLive = false
                isEmitting = false
                downstream = nil
                lock.unlock()
                target.receive(completion: completion)
                return
            }
        }
        isEmitting = false
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        guard isLive else { return lock.unlock() }
        isLive = false
        // Released after the lock: its deinit may be anyone's code.
        let released = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(released) {}
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

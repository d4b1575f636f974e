extension Future where Failure == Never {
    /// The future's value, awaited: returns at once when the future is already resolved.
    ///
    /// The await subscribes to the future; the future keeps that subscription until it
    /// resolves. Cancelling the awaiting task does not stop the wait (as in Combine).
    public var value: Output {
        get async { await result.get() }
    }
}

extension Future {
    /// The future's value, awaited, or its error thrown: returns at once when the future is
    /// already resolved.
    ///
    /// The await subscribes to the future; the future keeps that subscription until it
    /// resolves. Cancelling the awaiting task does not stop the wait (as in Combine).
    public var value: Output {
        get async throws { try await result.get() }
    }

    /// The result, handed from the resolving thread to the awaiting task. Unchecked because
    /// `Output` need not be `Sendable`: the value changes hands once and only the awaiting task
    /// uses it, as with Combine's own `value`.
    private struct Handover: @unchecked Sendable {
        let result: Result<Output, Failure>
    }

    /// Subscribes once and waits for the value or the failure.
    private var result: Result<Output, Failure> {
        get async {
            let handover = await withCheckedContinuation { (continuation: CheckedContinuation<Handover, Never>) in
                subscribe(
                    Subscribers.Sink<Output, Failure>(
                        receiveCompletion: { completion in
                            if case .failure(let error) = completion { continuation.resume(returning: Handover(result: .failure(error))) }
                        },
                        receiveValue: { value in continuation.resume(returning: Handover(result: .success(value))) }))
            }
            return handover.result
        }
    }
}

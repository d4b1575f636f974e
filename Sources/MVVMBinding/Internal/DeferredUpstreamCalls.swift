/// The upstream requests and cancellations a `FanInSubscription` decided on under its lock,
/// to be made once the lock is released.
///
/// Not generic (a type nested in the generic subscription would be, and every access to an
/// array of it would cost a run-time metadata lookup in unspecialised code), and the first
/// request and first cancellation are held inline: most drains defer at most one of each,
/// so they need no array (and no allocation) at all.
struct DeferredUpstreamCalls {
    private struct Request {
        let key: Int
        let subscription: any Subscription
        let demand: Subscribers.Demand
    }

    private var firstRequest: Request?
    private var moreRequests: [Request] = []
    private var firstCancel: (any Subscription)?
    private var moreCancels: [any Subscription] = []

    var isEmpty: Bool { firstRequest == nil && firstCancel == nil }

    mutating func request(_ demand: Subscribers.Demand, from subscription: any Subscription, key: Int) {
        let request = Request(key: key, subscription: subscription, demand: demand)
        if firstRequest == nil { firstRequest = request } else { moreRequests.append(request) }
    }

    mutating func cancel(_ subscription: any Subscription) {
        if firstCancel == nil { firstCancel = subscription } else { moreCancels.append(subscription) }
    }

    /// Returns the calls deferred so far and forgets them.
    mutating func take() -> DeferredUpstreamCalls {
        var taken = DeferredUpstreamCalls()
        swap(&taken, &self)
        return taken
    }

    /// Makes the cancellations, then the requests, except those for the upstream `key`, whose
    /// demands are added up and returned (for that upstream's `receive(_:)` to return).
    func perform(returningDemandFor key: Int?) -> Subscribers.Demand {
        if let firstCancel {
            firstCancel.cancel()
            for subscription in moreCancels { subscription.cancel() }
        }
        guard let firstRequest else { return .none }
        var returned = Subscribers.Demand.none
        func make(_ request: Request) {
            if request.key == key {
                returned += request.demand
            } else {
                request.subscription.request(request.demand)
            }
        }
        make(firstRequest)
        for request in moreRequests { make(request) }
        return returned
    }
}

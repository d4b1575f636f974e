import MVVMBinding
import XCTest

extension XCTestCase {
    /// Subscribes `makeOperator`'s operator to an upstream that has not subscribed it yet,
    /// cancels the operator (as its downstream would), then lets the upstream subscribe it,
    /// and returns what happened to that late subscription: Combine's operators either leave
    /// it alone (`[.subscribed]`) or cancel it (`[.subscribed, .cancelled]`).
    func historyOfSubscriptionArrivingAfterCancel<P: Publisher>(
        _ makeOperator: (DrivenPublisher<Int, Never>) -> P,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [TrackingSubscription.Event] {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        makeOperator(upstream).subscribe(TrackingSubscriber<P.Output, P.Failure>())
        guard let operatorSubscription = upstream.subscriberObject as? any Subscription else {
            XCTFail("the operator's subscriber is not its downstream's subscription", file: file, line: line)
            return []
        }
        operatorSubscription.cancel()
        upstream.sendSubscription()
        return upstream.history
    }
}

import Foundation

extension Timer {
    /// Returns a publisher that emits the current date every `interval` once connected.
    ///
    /// The publisher is connectable: call `connect()`, or chain `autoconnect()`, to start the
    /// timer. It runs on `runLoop` in `mode`, so it ticks only while that run loop runs.
    ///
    ///     cancellable = Timer.publish(every: 1.0, on: RunLoop.main, in: .default)
    ///         .autoconnect()
    ///         .sink { date in print(date) }
    ///
    /// - Parameters:
    ///   - interval: The time between ticks, in seconds.
    ///   - tolerance: Accepted and not used, exactly as in Combine, whose `publish` stores a
    ///     `nil` tolerance whatever is passed (code moved from Combine keeps its timing). To set
    ///     a tolerance, create `Timer.TimerPublisher(interval:tolerance:runLoop:mode:options:)`.
    ///   - runLoop: The run loop the timer is added to.
    ///   - mode: The run loop mode the timer runs in.
    ///   - options: Run loop scheduler options; there are none.
    public static func publish(
        every interval: TimeInterval,
        tolerance: TimeInterval? = nil,
        on runLoop: RunLoop,
        in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> Timer.TimerPublisher {
        Timer.TimerPublisher(interval: interval, tolerance: nil, runLoop: runLoop, mode: mode, options: options)
    }

    /// A connectable publisher that emits the current date on a repeating Foundation timer.
    ///
    /// Subscribers may attach before or after `connect()`; all of them share the one timer.
    /// Each subscriber gets a tick only while it has demand: a tick that finds no demand is
    /// dropped for that subscriber, not saved for later. Cancelling the connection invalidates
    /// the timer (subscribers are not completed; a timer never finishes) and a later
    /// `connect()` starts a new one.
    // @unchecked: `RunLoop` is not Sendable on Linux, but the publisher only passes it to
    // `add(_:forMode:)` (CFRunLoopAddTimer, which locks the run loop); the rest is under `lock`.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        /// The time between ticks, in seconds.
        public let interval: TimeInterval
        /// How late a tick may be; `nil` leaves it to Foundation.
        public let tolerance: TimeInterval?
        /// The run loop the timer is added to.
        public let runLoop: RunLoop
        /// The run loop mode the timer runs in.
        public let mode: RunLoop.Mode
        /// Run loop scheduler options; there are none.
        public let options: RunLoop.SchedulerOptions?

        // The subject does the fan-out, per-subscriber demand and cancellation.
        private let subject = PassthroughSubject<Date, Never>()
        private let lock = Lock()
        private var connection: Connection?  // guarded by `lock`; the running timer, if any

        /// Creates a timer publisher; it starts ticking when connected.
        public init(
            interval: TimeInterval,
            tolerance: TimeInterval? = nil,
            runLoop: RunLoop,
            mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.receive(subscriber: TickSubscriber(downstream: subscriber))
        }

        /// Starts the timer, unless it is already running, and returns the connection;
        /// cancel it to stop the timer.
        public func connect() -> any Cancellable {
            lock.lock()
            if let connection {
                lock.unlock()
                return connection
            }
            let subject = self.subject
            if runLoop.isRoutedToHostThread {
                // RunLoop.main is the main actor's queue on a host thread (`MainQueue`).
                let ticks = DispatchQueue.main.schedule(
                    after: DispatchQueue.SchedulerTimeType(.now() + interval), interval: .seconds(interval),
                    tolerance: .seconds(tolerance ?? 0), options: nil
                ) { subject.send(Date()) }
                let connection = Connection(stop: ticks.cancel) { [weak self] finished in self?.disconnect(finished) }
                self.connection = connection
                lock.unlock()
                return connection
            }
            // The timer's block keeps the subject, and so the subscribers, alive until the
            // connection is cancelled, as a run loop keeps its timers.
            let timer = Timer(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: true) { _ in
                subject.send(Date())
            }
            if let tolerance { timer.tolerance = tolerance }
            let connection = Connection(stop: timer.invalidate) { [weak self] finished in self?.disconnect(finished) }
            self.connection = connection
            lock.unlock()
            runLoop.add(timer, forMode: mode)
            return connection
        }

        private func disconnect(_ finished: Connection) {
            lock.withLock {
                if connection === finished { connection = nil }
            }
        }

        /// Hands a subscriber the subject's subscription as a plain one: like Combine's timer
        /// subscription, it has no description or mirror (the subject's would print
        /// "PassthroughSubject").
        private struct TickSubscriber<Downstream: Subscriber>: Subscriber
        where Downstream.Input == Date, Downstream.Failure == Never {
            let downstream: Downstream
            var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

            func receive(subscription: any Subscription) {
                downstream.receive(subscription: TickSubscription(base: subscription))
            }

            func receive(_ input: Date) -> Subscribers.Demand { downstream.receive(input) }

            func receive(completion: Subscribers.Completion<Never>) { downstream.receive(completion: completion) }
        }

        private struct TickSubscription: Subscription {
            let base: any Subscription
            var combineIdentifier: CombineIdentifier { base.combineIdentifier }

            func request(_ demand: Subscribers.Demand) { base.request(demand) }

            func cancel() { base.cancel() }
        }

        /// One run of the timer: cancelling it stops the timer (invalidates it, or cancels the
        /// host thread's ticks).
        private final class Connection: Cancellable, @unchecked Sendable {
            private let lock = Lock()
            private var stop: (() -> Void)?  // guarded by `lock`; nil once cancelled
            private let onCancel: (Connection) -> Void

            init(stop: @escaping () -> Void, onCancel: @escaping (Connection) -> Void) {
                self.stop = stop
                self.onCancel = onCancel
            }

            func cancel() {
                let stopping: (() -> Void)? = lock.withLock {
                    defer { stop = nil }
                    return stop
                }
                guard let stopping else { return }
                // On Linux `invalidate()` is CFRunLoopTimerInvalidate, which locks the timer
                // and its run loops, and a dispatch timer's cancel is thread-safe, so the
                // connection may be cancelled from any thread.
                stopping()
                onCancel(self)
            }
        }
    }
}

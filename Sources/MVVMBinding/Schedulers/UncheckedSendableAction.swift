/// A scheduler action carried into the `@Sendable` closures that Dispatch and Foundation take.
///
/// `Scheduler` passes actions as plain `() -> Void`, as Combine does, so they may capture
/// non-Sendable state. Moving one to a queue or run loop is sound because the scheduler
/// contract hands the action over: the scheduling code gives it up, and from then on only the
/// execution context it was scheduled on calls it. Repeated runs of a repeating action are
/// serial too (a timer or dispatch source never overlaps its own handler), except on a
/// concurrent `OperationQueue`, where running operations side by side is what the caller chose.
/// The box adds no sharing beyond what that contract already implies.
package struct UncheckedSendableAction: @unchecked Sendable {
    package let run: () -> Void

    package init(_ action: @escaping () -> Void) {
        run = action
    }
}

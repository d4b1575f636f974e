import CExecutorHooks

/// Resumes tasks that continue on the main actor without waking a pool thread first.
///
/// Swift resumes every continuation on the generic executor: the task runs briefly on a pool
/// thread, then hops to the actor it awaited on. When a worker thread answers a host request
/// (`mvvm_request_resolve_user()`), that is two sleeping threads woken — a pool thread, then
/// the host's — where GLib's `g_main_context_invoke()` wakes one. Inside `perform`, a job the
/// Swift runtime hands to the global executor goes to the main queue instead
/// (`executor_hooks.h`) and runs there as the main actor: the host's descriptor is the only
/// thing woken, and the task's hop back to the main actor continues in place, in the same
/// `mvvm_dispatch()`. Sound because the main queue is the main actor's executor, so nothing
/// else holds the main actor while the job runs, and a generic job may run on any executor.
///
/// Only for continuations whose task continues on the main actor (a `HostRequestTable`
/// waiter suspends in `HostImplementation.call`, which is `@MainActor`; an HTTP request
/// awaited from the main actor): other work keeps the pool. Until `install()` runs (the
/// runtime's `mvvm_init()`; Swift tests of the domain layer never call it) `perform` changes
/// nothing. Package access: a device of this package's repositories and runtime, not API.
package enum MainBoundResume {
    /// Installs the hook (once per process; later calls do nothing).
    package static func install() {
        mvvmhook_install_main_resume()
    }

    /// Runs `resume`, which resumes a continuation of a task that continues on the main actor.
    package static func perform(_ resume: () -> Void) {
        let previous = mvvmhook_set_main_bound_resume(1)
        defer { _ = mvvmhook_set_main_bound_resume(previous) }
        resume()
    }

    /// Runs `resume` through `perform(_:)` when `awaitedOnMainActor` (the awaiting code's
    /// isolation was `MainActor.shared`), else as it is.
    package static func perform(if awaitedOnMainActor: Bool, _ resume: () -> Void) {
        if awaitedOnMainActor { perform(resume) } else { resume() }
    }
}

/* Executor hooks of the runtime (not part of the public API; hidden symbols).
 *
 * Swift resumes every continuation on the generic executor: a resumed task first runs on a
 * pool thread and only then hops to the actor it awaited on. For a task that awaited on the
 * main actor (a ViewModel waiting for a host repository's answer), that costs a pool-thread
 * wake-up before the host thread's: two sleeping threads woken where one would do. These
 * hooks let the runtime say "the task I am about to resume continues on the main actor": while
 * the flag is set on the calling thread, a job the Swift runtime hands to the global executor
 * goes to the main queue instead, so the host's descriptor (mvvm_get_fd()) is the only thing
 * woken. Running a generic job on the main thread is allowed (generic means "any thread"). */
#ifndef MVVM_EXECUTOR_HOOKS_H
#define MVVM_EXECUTOR_HOOKS_H

/* Installs the global-enqueue hook once (later calls do nothing). A redirected job is handed
 * to the main actor's executor (swift_task_enqueueMainExecutor), so it runs on the main queue
 * as the main actor: the task's hop back to the main actor then continues in place. A hook
 * installed before ours keeps getting every other job. */
void mvvmhook_install_main_resume(void);

/* Sets whether jobs enqueued on the global executor from this thread go to the main queue;
 * returns the previous setting, to restore it. */
int mvvmhook_set_main_bound_resume(int on);

#endif

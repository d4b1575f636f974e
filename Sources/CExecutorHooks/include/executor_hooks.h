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


/* ---- The host thread (host_thread.c) ----
 * The one thread the API accepts, fixed once per process by the first mvvm_init() (the
 * process's main thread) or mvvm_init_with_options() (the calling thread). Until then the
 * process's main thread counts as the host thread, so the default needs no setup. */

/* The calling thread's kernel thread id (gettid). */
int mvvmhook_current_thread_id(void);
/* The same, asked of the kernel once per thread: the journal's (Debug/Journal). */
int mvvmhook_journal_thread_id(void);

/* 1 on the process's main thread (its thread id is the process id), else 0. */
int mvvmhook_is_process_main_thread(void);

/* The fixed host thread's kernel thread id, or 0 while none is fixed. */
int mvvmhook_host_thread_id(void);

/* Fixes the host thread to the calling thread. Returns 0 when it is now (or already was) the
 * calling thread, else the id of the thread fixed earlier (which stays). */
int mvvmhook_fix_host_thread(void);

/* The answer of mvvmhook_is_host_thread() when the calling thread has none cached: cached
 * once a host thread is fixed (it never changes afterwards), computed afresh before. */
int mvvmhook_is_host_thread_uncached(int *cache);

/* 1 on the host thread, else 0. Cached per thread so the check on every API call costs a
 * thread-local read. The initial-exec model makes that read one instruction instead of a
 * __tls_get_addr call (four bytes of the static TLS surplus glibc keeps for libraries loaded
 * later). Each object file has its own copy of the cache, which is harmless: every copy
 * caches the same fixed answer. */
static inline int mvvmhook_is_host_thread(void) {
    static __thread __attribute__((tls_model("initial-exec"))) int cached = -1;
    if (__builtin_expect(cached >= 0, 1)) return cached;
    return mvvmhook_is_host_thread_uncached(&cached);
}

/* The host-thread queue's descriptor (an eventfd, made once, never closed): readable while
 * jobs wait. Used only when the host thread is not the main thread. */
int mvvmhook_host_queue_descriptor(void);
/* Makes the descriptor readable. Any thread. */
void mvvmhook_host_queue_signal(void);
/* Clears the descriptor (before the queue is emptied, so a later signal is never lost). */
void mvvmhook_host_queue_clear(void);

/* ---- Swift's command-line arguments (command_line.c) ----
 * The runtime's two functions behind `CommandLine.arguments`, defined here so that a
 * -static-stdlib link takes them instead of the runtime's, which read /proc/self/maps at every
 * start. Any thread. */

/* The arguments set by the override below, else the ones the process started with; their
 * count in *outArgLen. The array and its strings are the process's: never freed. */
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);

/* Makes the function above answer `argv` (NULL: the process's own again). */
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

/* ---- The Swift runtime's own (libswiftCore), declared for MVVMBinding ----
 * The nominal type descriptor of a type's metadata (NULL for a type without one): what
 * `@Published` field discovery reads a class's field records from (PublishedFieldRecords). */
const void *swift_getTypeContextDescriptor(const void *metadata);

#endif

/* See executor_hooks.h. The hook variable is the Swift concurrency runtime's own
 * (libswift_Concurrency; linked statically into the shipped library, so the hook then belongs
 * to our copy of the runtime alone); hooks use the Swift calling convention. */
#include "executor_hooks.h"

#include <stdatomic.h>

#define HIDDEN __attribute__((visibility("hidden")))

typedef void (*enqueue_global_original)(void *job) __attribute__((swiftcall));
typedef void (*enqueue_global_hook)(void *job, enqueue_global_original original) __attribute__((swiftcall));

extern enqueue_global_hook swift_task_enqueueGlobal_hook;
/* The main actor's own enqueue: the job goes on the main queue and runs there as the main
 * executor (the runtime's path for every main-actor job), with no block or closure made. */
extern void swift_task_enqueueMainExecutor(void *job) __attribute__((swiftcall));

static __thread int main_bound_resume;
static _Atomic int installed_hook;
static enqueue_global_hook previous_hook;

__attribute__((swiftcall)) static void enqueue_global(void *job, enqueue_global_original original) {
    if (main_bound_resume) {
        swift_task_enqueueMainExecutor(job);
    } else if (previous_hook) {
        previous_hook(job, original);
    } else {
        original(job);
    }
}

HIDDEN void mvvmhook_install_main_resume(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed_hook, &expected, 1)) return;
    previous_hook = swift_task_enqueueGlobal_hook;
    swift_task_enqueueGlobal_hook = enqueue_global;
}

HIDDEN int mvvmhook_set_main_bound_resume(int on) {
    int previous = main_bound_resume;
    main_bound_resume = on;
    return previous;
}

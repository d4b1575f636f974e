/* See executor_hooks.h. The hook variable is the Swift concurrency runtime's own
 * (libswift_Concurrency; linked statically into the shipped library, so the hook then belongs
 * to our copy of the runtime alone); hooks use the Swift calling convention. */
#include "executor_hooks.h"

#include <stdatomic.h>

#define HIDDEN __attribute__((visibility("hidden")))

typedef void (*enqueue_global_original)(void *job) __attribute__((swiftcall));
typedef void (*enqueue_global_hook)(void *job, enqueue_global_original original) __attribute__((swiftcall));

extern enqueue_global_hook swift_task_enqueueGlobal_hook;

static __thread int main_bound_resume;
static void (*_Atomic enqueue_on_main_queue)(void *job);
static enqueue_global_hook previous_hook;

__attribute__((swiftcall)) static void enqueue_global(void *job, enqueue_global_original original) {
    void (*on_main)(void *) = atomic_load_explicit(&enqueue_on_main_queue, memory_order_acquire);
    if (main_bound_resume && on_main) {
        on_main(job);
    } else if (previous_hook) {
        previous_hook(job, original);
    } else {
        original(job);
    }
}

HIDDEN void mvvmhook_install_main_resume(void (*enqueue_on_main)(void *job)) {
    static atomic_flag installed = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&installed)) return;
    previous_hook = swift_task_enqueueGlobal_hook;
    atomic_store_explicit(&enqueue_on_main_queue, enqueue_on_main, memory_order_release);
    swift_task_enqueueGlobal_hook = enqueue_global;
}

HIDDEN int mvvmhook_set_main_bound_resume(int on) {
    int previous = main_bound_resume;
    main_bound_resume = on;
    return previous;
}

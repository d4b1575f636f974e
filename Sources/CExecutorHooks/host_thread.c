/* See executor_hooks.h, "The host thread". One translation unit holds the fixed id and the
 * eventfd, so every object file of the library sees the same ones. */
#define _GNU_SOURCE
#include "executor_hooks.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

#define HIDDEN __attribute__((visibility("hidden")))

static _Atomic int host_thread_id;
static _Atomic int queue_descriptor = -1;

static int current_thread_id(void) { return (int)syscall(SYS_gettid); }

HIDDEN int mvvmhook_current_thread_id(void) { return current_thread_id(); }

/* The journal's thread id of every line: the kernel id, asked once per thread (a forked
 * child's first thread keeps its parent's here: the journal is the only user). */
static __thread int journal_thread_id;
HIDDEN int mvvmhook_journal_thread_id(void) {
    if (journal_thread_id == 0) journal_thread_id = current_thread_id();
    return journal_thread_id;
}

HIDDEN int mvvmhook_is_process_main_thread(void) { return current_thread_id() == getpid(); }

HIDDEN int mvvmhook_host_thread_id(void) { return atomic_load(&host_thread_id); }

HIDDEN int mvvmhook_fix_host_thread(void) {
    int self = current_thread_id();
    int expected = 0;
    if (atomic_compare_exchange_strong(&host_thread_id, &expected, self)) return 0;
    return expected == self ? 0 : expected;
}

HIDDEN int mvvmhook_is_host_thread_uncached(int *cache) {
    int host = atomic_load(&host_thread_id);
    int self = current_thread_id();
    if (host == 0) return self == getpid();
    *cache = self == host;
    return *cache;
}

HIDDEN int mvvmhook_host_queue_descriptor(void) {
    int existing = atomic_load(&queue_descriptor);
    if (existing >= 0) return existing;
    int fresh = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (fresh < 0) return -1;
    int expected = -1;
    if (atomic_compare_exchange_strong(&queue_descriptor, &expected, fresh)) return fresh;
    close(fresh);  /* another thread made it first */
    return expected;
}

HIDDEN void mvvmhook_host_queue_signal(void) {
    uint64_t one = 1;
    ssize_t written;
    do {
        written = write(mvvmhook_host_queue_descriptor(), &one, sizeof one);
    } while (written < 0 && errno == EINTR);
    /* EAGAIN: the counter is at its maximum, so the descriptor is readable anyway. */
}

HIDDEN void mvvmhook_host_queue_clear(void) {
    uint64_t counter;
    ssize_t got;
    do {
        got = read(mvvmhook_host_queue_descriptor(), &counter, sizeof counter);
    } while (got < 0 && errno == EINTR);
    /* EAGAIN: nothing was signalled. */
}

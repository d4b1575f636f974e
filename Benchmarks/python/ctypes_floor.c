/*
 * ctypes_floor.c: what a ctypes binding pays on bench_e2e.py's answer path with no library
 * work in between: a stand-in with the seeds' C shapes, loaded by the benchmark's
 * `ctypes_floor_run`. The worker's answer crosses into C as `mvvm_request_resolve_user()`
 * does (a `const mvvm_user *`, its strings copied, an eventfd written); the host's reader
 * crosses in again (`floor_dispatch()`, as `mvvm_dispatch()`), which reads the eventfd and
 * calls the connected handler with the copy (`void (*)(void *, const mvvm_user *, void *)`,
 * as "notify::user"). No request table, no task, no ViewModel: what is left is asyncio, the
 * future, and the binding's own conversions and crossings.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "mvvm_seeds.h"

typedef void (*floor_handler)(void *object, const mvvm_user *user, void *user_data);

static int descriptor = -1;
static floor_handler handler;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static mvvm_user pending;
static int has_pending;

/* The descriptor to watch (made on the first call). */
int floor_fd(void) {
    if (descriptor < 0) descriptor = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    return descriptor;
}

void floor_connect(floor_handler function) { handler = function; }

/* Any thread: keeps a copy of *user and wakes the host. */
int floor_resolve_user(const mvvm_user *user) {
    if (!user || !user->name || !user->email) return 1;
    pthread_mutex_lock(&lock);
    if (has_pending) {
        free((void *)pending.name);
        free((void *)pending.email);
    }
    pending.id = user->id;
    pending.name = strdup(user->name);
    pending.email = strdup(user->email);
    has_pending = 1;
    pthread_mutex_unlock(&lock);
    uint64_t one = 1;
    return write(descriptor, &one, sizeof one) == (ssize_t)sizeof one ? 0 : 1;
}

/* Host thread: delivers the kept answer to the handler. */
int floor_dispatch(void) {
    uint64_t count;
    if (read(descriptor, &count, sizeof count) < 0) { /* nothing pending: EAGAIN */ }
    pthread_mutex_lock(&lock);
    mvvm_user user = pending;
    int delivered = has_pending;
    has_pending = 0;
    pthread_mutex_unlock(&lock);
    if (!delivered) return 0;
    if (handler) handler(NULL, &user, NULL);
    free((void *)user.name);
    free((void *)user.email);
    return 0;
}

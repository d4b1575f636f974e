/* The few C facilities the runtime needs that Swift 6 cannot reach directly (module CFFI, with
 * libffi's loader, CFFI.h): thread-local storage, libdispatch's main-queue hooks for host
 * loops, and the application's weak registration function. */
#ifndef MVVM_CFFI_SHIM_H
#define MVVM_CFFI_SHIM_H

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* libdispatch's hooks for foreign run loops: an eventfd that becomes readable when the main
 * queue has work, and the call that drains it (main thread only). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

/* Capacity of the per-thread error message buffer (LastError.swift). */
#define MVVM_ERROR_MESSAGE_CAPACITY 1024

/* Waits up to timeout_ms (negative: forever) for fd to become readable. Returns 1 when
 * readable, 0 on timeout, -1 on error (errno set). Retries on EINTR. */
static inline int mvvm_wait_readable(int fd, int timeout_ms) {
    struct pollfd entry = { .fd = fd, .events = POLLIN, .revents = 0 };
    int result;
    do {
        result = poll(&entry, 1, timeout_ms);
    } while (result < 0 && errno == EINTR);
    if (result > 0) return 1;
    return result;
}

/* The application's registration (docs/DESIGN.md, "Extension points"): the one function the
 * application linked into the same library defines (`@c(MVVMApplicationRegisterTypes)`), where
 * it registers its records and types. Weak: a library without an application links and has no
 * types. Not mvvm_-prefixed: no part of the C API, hidden by the shipped library's version
 * script. Returns 1 when the application's function ran, 0 when there is none. */
extern void MVVMApplicationRegisterTypes(void) __attribute__((weak));
static inline int mvvm_register_application_types(void) {
    if (!MVVMApplicationRegisterTypes) return 0;
    MVVMApplicationRegisterTypes();
    return 1;
}

#endif

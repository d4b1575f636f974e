/* A system library opened on first use rather than linked (libffi, libcurl, libsqlite3): what
 * the loaders of Sources/CFFI, Sources/CCurl and Sources/CSQLite share. Hidden: never among
 * the library's exports. */
#ifndef MVVM_LIBRARY_LOADER_H
#define MVVM_LIBRARY_LOADER_H

#include <pthread.h>
#include <stddef.h>

/* Opens `soname` (RTLD_NOW | RTLD_LOCAL: its symbols stay out of the host's global scope, as
 * a linked library's would not, so the host may load another copy of its own) and stores the
 * address of each of the `count` symbols `names` names in `slots`, in order. 0 on success,
 * else -1 with why in `error` (the library that could not be loaded and the loader's reason,
 * or the first missing symbol), the library closed again and `slots` unspecified. A library
 * that resolved is never closed: it stays usable for the life of the process. */
__attribute__((visibility("hidden"))) int library_loader_open(const char *soname, const char *const names[],
                                                              void *slots[], size_t count, char *error,
                                                              size_t error_size);

/* One library's opening, done once per process: what each loader's `*_load()` keeps (static,
 * initialised with LIBRARY_LOADER_ONCE_INIT). */
struct library_loader_once {
    pthread_mutex_t mutex;
    int done;
    int failed;
    char error[512];
};
#define LIBRARY_LOADER_ONCE_INIT {PTHREAD_MUTEX_INITIALIZER, 0, 0, {0}}

/* Runs `open` (which returns 0, or -1 with why in `error`) the first time it is called for
 * `once`, from any thread (others wait for it), and answers every call as that one did: NULL
 * when the library is ready, else the reason `open` wrote, kept for the life of the process. */
__attribute__((visibility("hidden"))) const char *library_loader_once(struct library_loader_once *once,
                                                                      int (*open)(char *error, size_t error_size));

#endif

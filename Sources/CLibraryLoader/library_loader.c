/* Opens a system library on first use (include/library_loader.h says why). */
#include "library_loader.h"

#include <dlfcn.h>
#include <stdio.h>

int library_loader_open(const char *soname, const char *const names[], void *slots[], size_t count, char *error,
                        size_t error_size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s could not be loaded (%s)", soname, why != NULL ? why : "no reason given");
        return -1;
    }
    for (size_t index = 0; index < count; index++) {
        /* An object pointer and a function pointer have the same representation on every
         * platform dlsym runs on (POSIX requires it of dlsym's answer). */
        slots[index] = dlsym(library, names[index]);
        if (slots[index] == NULL) {
            snprintf(error, error_size, "%s has no %s", soname, names[index]);
            dlclose(library);
            return -1;
        }
    }
    return 0;
}

const char *library_loader_once(struct library_loader_once *once, int (*open)(char *error, size_t error_size)) {
    if (!__atomic_load_n(&once->done, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&once->mutex);
        if (!once->done) {
            once->failed = open(once->error, sizeof once->error) != 0;
            __atomic_store_n(&once->done, 1, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&once->mutex);
    }
    return once->failed ? once->error : NULL;
}

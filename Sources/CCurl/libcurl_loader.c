/* Opens libcurl on first use (include/CCurl.h says why). */
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct ccurl_functions ccurl;

/* dlsym's answer as the field's type (an object pointer and a function pointer have the same
 * representation on every platform dlsym runs on). */
#define CCURL_RESOLVE(field, name)                                                       \
    do {                                                                                     \
        void *symbol = dlsym(library, name);                                                 \
        if (symbol == NULL) {                                                                \
            snprintf(error, error_size, "%s has no %s", soname, name);                       \
            dlclose(library);                                                                \
            return -1;                                                                       \
        }                                                                                    \
        *(void **)&functions->field = symbol;                                                \
    } while (0)

int ccurl_open(const char *soname, struct ccurl_functions *functions, char *error, size_t error_size) {
    /* RTLD_LOCAL: libcurl's symbols stay out of the host's global scope, as a linked library's
     * would not; the host may link another libcurl of its own. */
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s could not be loaded (%s)", soname, why != NULL ? why : "no reason given");
        return -1;
    }
    CCURL_RESOLVE(global_init, "curl_global_init");
    CCURL_RESOLVE(easy_init, "curl_easy_init");
    CCURL_RESOLVE(easy_reset, "curl_easy_reset");
    CCURL_RESOLVE(easy_cleanup, "curl_easy_cleanup");
    CCURL_RESOLVE(easy_setopt, "curl_easy_setopt");
    CCURL_RESOLVE(easy_strerror, "curl_easy_strerror");
    CCURL_RESOLVE(multi_init, "curl_multi_init");
    CCURL_RESOLVE(multi_cleanup, "curl_multi_cleanup");
    CCURL_RESOLVE(multi_add_handle, "curl_multi_add_handle");
    CCURL_RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    CCURL_RESOLVE(multi_perform, "curl_multi_perform");
    CCURL_RESOLVE(multi_info_read, "curl_multi_info_read");
    CCURL_RESOLVE(multi_poll, "curl_multi_poll");
    CCURL_RESOLVE(multi_wakeup, "curl_multi_wakeup");
    CCURL_RESOLVE(slist_append, "curl_slist_append");
    CCURL_RESOLVE(slist_free_all, "curl_slist_free_all");
    /* Never closed: libcurl stays usable for the life of the process. */
    return 0;
}

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int load_failed;

static void load(void) {
    if (ccurl_open("libcurl.so.4", &ccurl, load_error, sizeof load_error) != 0) {
        load_failed = 1;
    } else if (ccurl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        /* libcurl's process-wide set-up, before the first handle (it is not thread-safe itself). */
        snprintf(load_error, sizeof load_error, "libcurl.so.4 could not be initialised (curl_global_init failed)");
        load_failed = 1;
    }
}

const char *ccurl_load(void) {
    pthread_once(&load_once, load);
    return load_failed ? load_error : NULL;
}

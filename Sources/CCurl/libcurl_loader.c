/* Opens libcurl on first use (include/CCurl.h says why). */
#include "CCurl.h"

#include <library_loader.h>
#include <pthread.h>
#include <stdio.h>

struct ccurl_functions ccurl;

static const char *const names[] = {
#define CCURL_NAME(name) "curl_" #name,
    CCURL_FUNCTIONS(CCURL_NAME)
#undef CCURL_NAME
};
/* The struct is its functions' pointers, in the list's order: the loader fills it as slots. */
_Static_assert(sizeof(struct ccurl_functions) == sizeof names / sizeof *names * sizeof(void *),
               "struct ccurl_functions holds one pointer per name");

int ccurl_open(const char *soname, struct ccurl_functions *functions, char *error, size_t error_size) {
    return library_loader_open(soname, names, (void **)functions, sizeof names / sizeof *names, error, error_size);
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

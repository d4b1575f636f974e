/* Opens libcurl on first use (include/CCurl.h says why). */
#include "CCurl.h"

#include <library_loader.h>
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

static int open_libcurl(char *error, size_t error_size) {
    if (ccurl_open("libcurl.so.4", &ccurl, error, error_size) != 0) return -1;
    /* libcurl's process-wide set-up, before the first handle (it is not thread-safe itself). */
    if (ccurl.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK) return 0;
    snprintf(error, error_size, "libcurl.so.4 could not be initialised (curl_global_init failed)");
    return -1;
}

const char *ccurl_load(void) {
    static struct library_loader_once once = LIBRARY_LOADER_ONCE_INIT;
    return library_loader_once(&once, open_libcurl);
}

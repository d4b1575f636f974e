/* Opens libsqlite3 on first use (include/CSQLite.h says why). */
#include "CSQLite.h"

#include <library_loader.h>

struct csqlite_functions csqlite;

static const char *const names[] = {
#define CSQLITE_NAME(name) "sqlite3_" #name,
    CSQLITE_FUNCTIONS(CSQLITE_NAME)
#undef CSQLITE_NAME
};
/* The struct is its functions' pointers, in the list's order: the loader fills it as slots. */
_Static_assert(sizeof(struct csqlite_functions) == sizeof names / sizeof *names * sizeof(void *),
               "struct csqlite_functions holds one pointer per name");

int csqlite_open(const char *soname, struct csqlite_functions *functions, char *error, size_t error_size) {
    return library_loader_open(soname, names, (void **)functions, sizeof names / sizeof *names, error, error_size);
}

static int open_libsqlite3(char *error, size_t error_size) {
    return csqlite_open("libsqlite3.so.0", &csqlite, error, error_size);
}

const char *csqlite_load(void) {
    static struct library_loader_once once = LIBRARY_LOADER_ONCE_INIT;
    return library_loader_once(&once, open_libsqlite3);
}

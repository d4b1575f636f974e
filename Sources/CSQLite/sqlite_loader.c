/* Opens libsqlite3 on first use (include/CSQLite.h says why). */
#include "CSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct csqlite_functions csqlite;

/* dlsym's answer as the field's type (an object pointer and a function pointer have the same
 * representation on every platform dlsym runs on). */
#define CSQLITE_RESOLVE(field, name)                                                         \
    do {                                                                                     \
        void *symbol = dlsym(library, name);                                                 \
        if (symbol == NULL) {                                                                \
            snprintf(error, error_size, "%s has no %s", soname, name);                       \
            dlclose(library);                                                                \
            return -1;                                                                       \
        }                                                                                    \
        *(void **)&functions->field = symbol;                                                \
    } while (0)

int csqlite_open(const char *soname, struct csqlite_functions *functions, char *error, size_t error_size) {
    /* RTLD_LOCAL: SQLite's symbols stay out of the host's global scope, as a linked library's
     * would not; the host may link another SQLite of its own. */
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s could not be loaded (%s)", soname, why != NULL ? why : "no reason given");
        return -1;
    }
    CSQLITE_RESOLVE(open_v2, "sqlite3_open_v2");
    CSQLITE_RESOLVE(close_v2, "sqlite3_close_v2");
    CSQLITE_RESOLVE(busy_timeout, "sqlite3_busy_timeout");
    CSQLITE_RESOLVE(db_config, "sqlite3_db_config");
    CSQLITE_RESOLVE(errmsg, "sqlite3_errmsg");
    CSQLITE_RESOLVE(errstr, "sqlite3_errstr");
    CSQLITE_RESOLVE(exec, "sqlite3_exec");
    CSQLITE_RESOLVE(free, "sqlite3_free");
    CSQLITE_RESOLVE(prepare_v3, "sqlite3_prepare_v3");
    CSQLITE_RESOLVE(step, "sqlite3_step");
    CSQLITE_RESOLVE(reset, "sqlite3_reset");
    CSQLITE_RESOLVE(clear_bindings, "sqlite3_clear_bindings");
    CSQLITE_RESOLVE(finalize, "sqlite3_finalize");
    CSQLITE_RESOLVE(bind_int64, "sqlite3_bind_int64");
    CSQLITE_RESOLVE(bind_double, "sqlite3_bind_double");
    CSQLITE_RESOLVE(bind_text, "sqlite3_bind_text");
    CSQLITE_RESOLVE(bind_blob, "sqlite3_bind_blob");
    CSQLITE_RESOLVE(bind_null, "sqlite3_bind_null");
    CSQLITE_RESOLVE(column_type, "sqlite3_column_type");
    CSQLITE_RESOLVE(column_int64, "sqlite3_column_int64");
    CSQLITE_RESOLVE(column_double, "sqlite3_column_double");
    CSQLITE_RESOLVE(column_text, "sqlite3_column_text");
    CSQLITE_RESOLVE(column_blob, "sqlite3_column_blob");
    CSQLITE_RESOLVE(column_bytes, "sqlite3_column_bytes");
    CSQLITE_RESOLVE(changes64, "sqlite3_changes64");
    CSQLITE_RESOLVE(last_insert_rowid, "sqlite3_last_insert_rowid");
    CSQLITE_RESOLVE(get_autocommit, "sqlite3_get_autocommit");
    /* Never closed: SQLite stays usable for the life of the process. */
    return 0;
}

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int load_failed;

static void load(void) {
    if (csqlite_open("libsqlite3.so.0", &csqlite, load_error, sizeof load_error) != 0) load_failed = 1;
}

const char *csqlite_load(void) {
    pthread_once(&load_once, load);
    return load_failed ? load_error : NULL;
}

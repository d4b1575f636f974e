/* The system's SQLite for Swift, opened on first use rather than linked: linked, libsqlite3
 * cost every host ~1 M instructions of the dynamic loader's symbol lookups at start (~1,600
 * relocations bound at once) and ~0.2 ms, SQLite repository or not. The types and constants
 * come from the system's <sqlite3.h> (libsqlite3-dev, at build time only); the calls go through
 * the functions csqlite_load() resolved in libsqlite3.so.0. Also what Swift cannot spell:
 * SQLITE_TRANSIENT (a function-pointer cast of -1) and the variadic sqlite3_db_config. */
#ifndef MVVM_CSQLITE_H
#define MVVM_CSQLITE_H

#include <sqlite3.h>
#include <stddef.h>

/* The SQLite functions the SQLite repository calls, each sqlite3_<name>: the struct's fields
 * (typed as <sqlite3.h> declares them) and the names the loader resolves, in one list. */
#define CSQLITE_FUNCTIONS(X) \
    X(open_v2) \
    X(close_v2) \
    X(busy_timeout) \
    X(db_config) \
    X(errmsg) \
    X(errstr) \
    X(exec) \
    X(free) \
    X(prepare_v3) \
    X(step) \
    X(reset) \
    X(clear_bindings) \
    X(finalize) \
    X(bind_int64) \
    X(bind_double) \
    X(bind_text) \
    X(bind_blob) \
    X(bind_null) \
    X(column_type) \
    X(column_int64) \
    X(column_double) \
    X(column_text) \
    X(column_blob) \
    X(column_bytes) \
    X(changes64) \
    X(last_insert_rowid) \
    X(get_autocommit)

struct csqlite_functions {
#define CSQLITE_FIELD(name) __typeof__(sqlite3_##name) *name;
    CSQLITE_FUNCTIONS(CSQLITE_FIELD)
#undef CSQLITE_FIELD
};

/* Hidden: the library's own, never among its exports (which are the mvvm_ API alone). */
#define CSQLITE_INTERNAL __attribute__((visibility("hidden")))

/* Opens libsqlite3.so.0 and resolves every function above, once per process (any thread; later
 * calls return the first call's answer). NULL when SQLite is ready, else why not, naming the
 * library or the missing function: a static string. */
CSQLITE_INTERNAL const char *csqlite_load(void);

/* Opens `soname` and fills `functions` (no global state): 0 on success, else -1 with why in
 * `error`. What csqlite_load does, open to tests. */
CSQLITE_INTERNAL int csqlite_open(const char *soname, struct csqlite_functions *functions, char *error,
                                  size_t error_size);

/* What csqlite_load resolved; the wrappers below may be called only after it returned NULL
 * (every one but csqlite_open_v2 takes a connection or statement, which only exist after). */
CSQLITE_INTERNAL extern struct csqlite_functions csqlite;

static inline int csqlite_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs) {
    return csqlite.open_v2(path, db, flags, vfs);
}
static inline int csqlite_close_v2(sqlite3 *db) { return csqlite.close_v2(db); }
static inline int csqlite_busy_timeout(sqlite3 *db, int milliseconds) {
    return csqlite.busy_timeout(db, milliseconds);
}
static inline const char *csqlite_errmsg(sqlite3 *db) { return csqlite.errmsg(db); }
static inline const char *csqlite_errstr(int code) { return csqlite.errstr(code); }
static inline int csqlite_exec(sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **),
                               void *context, char **error) {
    return csqlite.exec(db, sql, callback, context, error);
}
static inline void csqlite_free(void *memory) { csqlite.free(memory); }
static inline int csqlite_prepare_v3(sqlite3 *db, const char *sql, int bytes, unsigned flags,
                                     sqlite3_stmt **statement, const char **tail) {
    return csqlite.prepare_v3(db, sql, bytes, flags, statement, tail);
}
static inline int csqlite_step(sqlite3_stmt *statement) { return csqlite.step(statement); }
static inline int csqlite_reset(sqlite3_stmt *statement) { return csqlite.reset(statement); }
static inline int csqlite_clear_bindings(sqlite3_stmt *statement) {
    return csqlite.clear_bindings(statement);
}
static inline int csqlite_finalize(sqlite3_stmt *statement) { return csqlite.finalize(statement); }
static inline int csqlite_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value) {
    return csqlite.bind_int64(statement, index, value);
}
static inline int csqlite_bind_double(sqlite3_stmt *statement, int index, double value) {
    return csqlite.bind_double(statement, index, value);
}
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes,
                                    sqlite3_destructor_type destructor) {
    return csqlite.bind_text(statement, index, text, bytes, destructor);
}
static inline int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *blob, int bytes,
                                    sqlite3_destructor_type destructor) {
    return csqlite.bind_blob(statement, index, blob, bytes, destructor);
}
static inline int csqlite_bind_null(sqlite3_stmt *statement, int index) {
    return csqlite.bind_null(statement, index);
}
static inline int csqlite_column_type(sqlite3_stmt *statement, int column) {
    return csqlite.column_type(statement, column);
}
static inline sqlite3_int64 csqlite_column_int64(sqlite3_stmt *statement, int column) {
    return csqlite.column_int64(statement, column);
}
static inline double csqlite_column_double(sqlite3_stmt *statement, int column) {
    return csqlite.column_double(statement, column);
}
static inline const unsigned char *csqlite_column_text(sqlite3_stmt *statement, int column) {
    return csqlite.column_text(statement, column);
}
static inline const void *csqlite_column_blob(sqlite3_stmt *statement, int column) {
    return csqlite.column_blob(statement, column);
}
static inline int csqlite_column_bytes(sqlite3_stmt *statement, int column) {
    return csqlite.column_bytes(statement, column);
}
static inline sqlite3_int64 csqlite_changes64(sqlite3 *db) { return csqlite.changes64(db); }
static inline sqlite3_int64 csqlite_last_insert_rowid(sqlite3 *db) { return csqlite.last_insert_rowid(db); }
static inline int csqlite_get_autocommit(sqlite3 *db) { return csqlite.get_autocommit(db); }

/* Tells sqlite3_bind_text/blob to copy the bytes before returning. */
static inline sqlite3_destructor_type mvvm_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/* Keeps the write-ahead log out of the database file when the connection closes
 * (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, SQLite 3.16+): a connection that has found the file
 * damaged must not copy the log into it. Returns an SQLite result code. */
static inline int mvvm_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return csqlite.db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif

/* The system <sqlite3.h> for Swift, plus what Swift cannot spell: SQLITE_TRANSIENT is a
 * function-pointer cast of -1, a macro Swift does not import, and sqlite3_db_config is
 * variadic, which Swift cannot call. */
#ifndef MVVM_CSQLITE_SHIM_H
#define MVVM_CSQLITE_SHIM_H

#include <sqlite3.h>

/* Tells sqlite3_bind_text/blob to copy the bytes before returning. */
static inline sqlite3_destructor_type mvvm_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/* Keeps the write-ahead log out of the database file when the connection closes
 * (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, SQLite 3.16+): a connection that has found the file
 * damaged must not copy the log into it. Returns an SQLite result code. */
static inline int mvvm_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif

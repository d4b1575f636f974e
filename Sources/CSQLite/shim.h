/* The system <sqlite3.h> for Swift, plus what Swift cannot spell: SQLITE_TRANSIENT is a
 * function-pointer cast of -1, a macro Swift does not import. */
#ifndef MVVM_CSQLITE_SHIM_H
#define MVVM_CSQLITE_SHIM_H

#include <sqlite3.h>

/* Tells sqlite3_bind_text/blob to copy the bytes before returning. */
static inline sqlite3_destructor_type mvvm_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif

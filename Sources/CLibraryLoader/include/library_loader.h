/* A system library opened on first use rather than linked (libffi, libcurl, libsqlite3): what
 * the loaders of Sources/CFFI, Sources/CCurl and Sources/CSQLite share. Hidden: never among
 * the library's exports. */
#ifndef MVVM_LIBRARY_LOADER_H
#define MVVM_LIBRARY_LOADER_H

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

#endif

/* libffi for Swift, opened on first use rather than linked: linked, libffi.so.8 was mapped and
 * relocated at every host's start (~26 µs of a C host's ~2.3 ms to its first page), though only
 * the layouts that go through it need it (a swapped or no-object handler, a command closure, a
 * host's table, replay). The types and constants come from the system's <ffi.h> (libffi-dev, at
 * build time only); the calls go through the functions cffi_load() resolved in libffi.so.8, and
 * the standard types are the library's own ffi_type instances (below), never libffi's globals:
 * a reference to one of those is what made libffi a NEEDED library. */
#ifndef MVVM_CFFI_H
#define MVVM_CFFI_H

#include <ffi.h>
#include <stddef.h>

/* The libffi functions the runtime calls, each ffi_<name>: the struct's fields (typed as <ffi.h>
 * declares them) and the names the loader resolves, in one list. */
#define CFFI_FUNCTIONS(X) \
    X(prep_cif) \
    X(call) \
    X(closure_alloc) \
    X(prep_closure_loc) \
    X(closure_free)

struct cffi_functions {
#define CFFI_FIELD(name) __typeof__(ffi_##name) *name;
    CFFI_FUNCTIONS(CFFI_FIELD)
#undef CFFI_FIELD
};

/* Hidden: the library's own, never among its exports (which are the mvvm_ API alone). */
#define CFFI_INTERNAL __attribute__((visibility("hidden")))

/* The soname cffi_load() opens. */
#define CFFI_SONAME "libffi.so.8"

/* Opens libffi.so.8 and resolves every function above, once per process (any thread; later
 * calls return the first call's answer). NULL when libffi is ready, else why not, naming the
 * library or the missing function: a static string. Every path that prepares a call
 * description or makes a closure calls it first, and reports its answer as an error. */
CFFI_INTERNAL const char *cffi_load(void);

/* Opens `soname` and fills `functions` (no global state): 0 on success, else -1 with why in
 * `error`. What cffi_load does, open to tests. */
CFFI_INTERNAL int cffi_open(const char *soname, struct cffi_functions *functions, char *error, size_t error_size);

/* What cffi_load resolved; the wrappers below may be called only after it returned NULL (a
 * call description or closure, which every other call takes, only exists after). */
CFFI_INTERNAL extern struct cffi_functions cffi;

static inline ffi_status cffi_prep_cif(ffi_cif *cif, ffi_abi abi, unsigned int count, ffi_type *result,
                                       ffi_type **arguments) {
    return cffi.prep_cif(cif, abi, count, result, arguments);
}
static inline void cffi_call(ffi_cif *cif, void (*function)(void), void *result, void **arguments) {
    cffi.call(cif, function, result, arguments);
}
static inline void *cffi_closure_alloc(size_t size, void **code) { return cffi.closure_alloc(size, code); }
static inline ffi_status cffi_prep_closure_loc(ffi_closure *closure, ffi_cif *cif,
                                               void (*function)(ffi_cif *, void *, void **, void *),
                                               void *user_data, void *code) {
    return cffi.prep_closure_loc(closure, cif, function, user_data, code);
}
static inline void cffi_closure_free(void *closure) { cffi.closure_free(closure); }

/* The standard types the runtime passes, the library's own: the size, alignment and type code
 * of libffi's ffi_type_void, _sint32, _sint64, _uint64, _double and _pointer, no elements
 * (libffi classifies a scalar by its `type` alone, so it takes these as its own). Reached
 * through the functions below: Swift 6 refuses to touch a mutable C global. */
CFFI_INTERNAL extern ffi_type cffi_void, cffi_sint32, cffi_sint64, cffi_uint64, cffi_double, cffi_pointer;

static inline ffi_type *cffi_type_void(void) { return &cffi_void; }
static inline ffi_type *cffi_type_sint32(void) { return &cffi_sint32; }
static inline ffi_type *cffi_type_sint64(void) { return &cffi_sint64; }
static inline ffi_type *cffi_type_uint64(void) { return &cffi_uint64; }
static inline ffi_type *cffi_type_double(void) { return &cffi_double; }
static inline ffi_type *cffi_type_pointer(void) { return &cffi_pointer; }

#endif

/* Opens libffi on first use, and the standard types it is given (include/CFFI.h says why). */
#include "CFFI.h"

#include <library_loader.h>
#include <stdint.h>

struct cffi_functions cffi;

static const char *const names[] = {
#define CFFI_NAME(name) "ffi_" #name,
    CFFI_FUNCTIONS(CFFI_NAME)
#undef CFFI_NAME
};
/* The struct is its functions' pointers, in the list's order: the loader fills it as slots. */
_Static_assert(sizeof(struct cffi_functions) == sizeof names / sizeof *names * sizeof(void *),
               "struct cffi_functions holds one pointer per name");

int cffi_open(const char *soname, struct cffi_functions *functions, char *error, size_t error_size) {
    return library_loader_open(soname, names, (void **)functions, sizeof names / sizeof *names, error, error_size);
}

static int open_libffi(char *error, size_t error_size) { return cffi_open(CFFI_SONAME, &cffi, error, error_size); }

const char *cffi_load(void) {
    static struct library_loader_once once = LIBRARY_LOADER_ONCE_INIT;
    return library_loader_once(&once, open_libffi);
}

/* The alignment libffi gives each type: a member's offset after a char, as its types.c takes
 * it (which is the alignment in a struct, not the type's preferred one, where they differ). */
#define CFFI_ALIGNMENT_OF(name, type) \
    struct cffi_align_##name { \
        char c; \
        type x; \
    };
CFFI_ALIGNMENT_OF(sint32, int32_t)
CFFI_ALIGNMENT_OF(sint64, int64_t)
CFFI_ALIGNMENT_OF(uint64, uint64_t)
CFFI_ALIGNMENT_OF(double, double)
CFFI_ALIGNMENT_OF(pointer, void *)
#undef CFFI_ALIGNMENT_OF

#define CFFI_TYPE(name, type, code) \
    ffi_type cffi_##name = {sizeof(type), offsetof(struct cffi_align_##name, x), code, NULL};
/* libffi's ffi_type_void is size 1, alignment 1. */
ffi_type cffi_void = {1, 1, FFI_TYPE_VOID, NULL};
CFFI_TYPE(sint32, int32_t, FFI_TYPE_SINT32)
CFFI_TYPE(sint64, int64_t, FFI_TYPE_SINT64)
CFFI_TYPE(uint64, uint64_t, FFI_TYPE_UINT64)
CFFI_TYPE(double, double, FFI_TYPE_DOUBLE)
CFFI_TYPE(pointer, void *, FFI_TYPE_POINTER)
#undef CFFI_TYPE

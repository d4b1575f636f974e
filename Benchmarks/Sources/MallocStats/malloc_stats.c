#include "malloc_stats.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>

size_t malloc_stats_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/* Allocation counting. The executable defines the allocation entry points, so the dynamic
   linker binds every library's calls (the Swift runtime's included) to these, which count and
   forward to glibc's own implementations. `free` is left alone: glibc's frees both. */

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_size_t allocation_count;

static inline void count_allocation(void) {
    atomic_fetch_add_explicit(&allocation_count, 1, memory_order_relaxed);
}

size_t malloc_stats_allocation_count(void) {
    return atomic_load_explicit(&allocation_count, memory_order_relaxed);
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>

/* Bytes malloc has handed out and not yet had back (glibc mallinfo2: uordblks + hblkhd). */
size_t malloc_stats_bytes_in_use(void);

/* Heap allocations made so far by any thread (malloc, calloc, realloc, the aligned forms):
   this target interposes them in the benchmark process and counts each call. */
size_t malloc_stats_allocation_count(void);

#endif

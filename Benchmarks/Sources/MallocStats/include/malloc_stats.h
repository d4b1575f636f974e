#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>

/* Bytes malloc has handed out and not yet had back (glibc mallinfo2: uordblks + hblkhd). */
size_t malloc_stats_bytes_in_use(void);

#endif

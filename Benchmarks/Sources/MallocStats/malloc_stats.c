#include "malloc_stats.h"

#include <malloc.h>

size_t malloc_stats_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>

/// Bytes currently allocated by malloc (glibc's mallinfo2().uordblks); 0 where unknown.
size_t malloc_stats_allocated_bytes(void);

#endif

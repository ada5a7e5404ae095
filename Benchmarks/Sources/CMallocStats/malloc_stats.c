#include "malloc_stats.h"
#if defined(__linux__)
#include <malloc.h>
size_t malloc_stats_allocated_bytes(void) { return mallinfo2().uordblks; }
#else
size_t malloc_stats_allocated_bytes(void) { return 0; }
#endif

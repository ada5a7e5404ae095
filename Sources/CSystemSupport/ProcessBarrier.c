#include "CSystemSupport.h"

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

// The commands of membarrier(2), as <linux/membarrier.h> numbers them.
enum { MembarrierQuery = 0, MembarrierPrivateExpedited = 1 << 3, MembarrierRegisterPrivateExpedited = 1 << 4 };

int cf_register_process_barrier(void) {
#ifdef SYS_membarrier
    long supported = syscall(SYS_membarrier, MembarrierQuery, 0, 0);
    if (supported < 0 || !(supported & MembarrierPrivateExpedited)) return 0;
    return syscall(SYS_membarrier, MembarrierRegisterPrivateExpedited, 0, 0) == 0;
#else
    return 0;
#endif
}

int cf_process_barrier(void) {
#ifdef SYS_membarrier
    return syscall(SYS_membarrier, MembarrierPrivateExpedited, 0, 0) == 0 ? 0 : -1;
#else
    return -1;
#endif
}

#else

int cf_register_process_barrier(void) { return 0; }
int cf_process_barrier(void) { return -1; }

#endif

#ifndef C_SYSTEM_SUPPORT_H
#define C_SYSTEM_SUPPORT_H

/// Registers this process for process-wide memory barriers (Linux's
/// membarrier, private expedited): 1 if they are available, 0 where they are
/// not (macOS, an older kernel, a sandbox that filters the call).
int cf_register_process_barrier(void);

/// A full memory barrier on every running thread of this process, as
/// membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) gives it, once
/// cf_register_process_barrier() has returned 1: 0, or -1 if the kernel refused.
int cf_process_barrier(void);

/// Keeps the compiler from moving memory accesses across this point; no
/// instruction is emitted. The other half of cf_process_barrier().
static inline void cf_compiler_barrier(void) { __asm__ __volatile__("" ::: "memory"); }

#endif

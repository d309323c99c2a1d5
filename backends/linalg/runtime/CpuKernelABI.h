/*===- CpuKernelABI.h - How the cpu runtime calls a compiled kernel -*- C -*-===*\
 *
 * The contract between the linalg backend's code generation and its runtime
 * half: the shared library stored in a cpu bundle exports, for the kernel
 * named K, one C function `K_trident_cpu_entry` with the signature below. The
 * runtime calls it once per program instance (possibly from several threads
 * at once, each call independent).
 *
 * `args[i]` points to the value of the kernel's parameter i, as in CUDA's
 * kernelParams: for a pointer parameter, to a `void *` holding the buffer's
 * address; for a scalar, to its bytes (i1 and i8 as one byte, f16/bf16 as
 * their 16-bit patterns).
 *
 * A program may write its outputs with non-temporal stores, which locks and
 * atomics do not order on x86: a caller that hands the results to another
 * thread fences first (`sfence`), as the runtime does on each thread after
 * its last program.
 *
 * A program may use AMX's tile registers (bf16 matmuls on a host with
 * AMX-BF16). Linux hands their state to a process only on request, once,
 * and without it the first tile instruction raises SIGILL: the compiler uses
 * AMX only where trident_cpu_request_tile_data() succeeds, and the runtime
 * calls it before it loads a kernel.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_LINALG_CPUKERNELABI_H
#define TRIDENT_LINALG_CPUKERNELABI_H

#include <stdint.h>

#if defined(__linux__) && defined(__x86_64__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define TRIDENT_CPU_ENTRY_SUFFIX "_trident_cpu_entry"

typedef void (*TridentCpuKernelFn)(void *const *args,
                                   const int32_t num_programs[3],
                                   const int32_t program_id[3]);

/* Asks Linux for the state of AMX's tile registers for this process
 * (arch_prctl ARCH_REQ_XCOMP_PERM for XTILEDATA): 1 where it is granted (or
 * was already), 0 elsewhere (no AMX, an older kernel, another OS). */
static inline int trident_cpu_request_tile_data(void) {
#if defined(__linux__) && defined(__x86_64__)
  const long request_permission = 0x1023; /* ARCH_REQ_XCOMP_PERM */
  const long tile_data = 18;              /* XFEATURE_XTILEDATA */
  return syscall(SYS_arch_prctl, request_permission, tile_data) == 0;
#else
  return 0;
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_LINALG_CPUKERNELABI_H */

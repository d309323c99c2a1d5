/*===- CpuRuntime.h - The cpu target's runtime ----------------------*- C -*-===*\
 *
 * The runtime half of the linalg backend: TridentRuntimeApi for target kind
 * "cpu". It needs only trident-c, libc, libdl and threads (no LLVM, no
 * MLIR): buffers are host memory, a kernel is the shared library stored in
 * the bundle, loaded with dlopen, and a launch runs every program of the
 * grid over a pool of threads as large as the machine, or over the threads
 * of the host program's own parallel runtime when it lends them.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_LINALG_CPURUNTIME_H
#define TRIDENT_LINALG_CPURUNTIME_H

#include "trident-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cpu runtime's API; lives as long as the library that contains it. */
const TridentRuntimeApi *tridentLinalgGetCpuRuntime(void);

/* A host program's parallel region, in the shape of OpenMP's
 * `GOMP_parallel` (which libgomp, libiomp5 and libomp all export): runs
 * `body(data)` once on each of `threads` threads, the calling thread among
 * them, and returns when every call has returned. The runtime passes 0 as
 * `flags`. */
typedef void (*TridentCpuParallelFn)(void (*body)(void *), void *data,
                                     unsigned threads, unsigned flags);
/* How many threads the host runs a parallel region on now, in the shape of
 * `omp_get_max_threads`. */
typedef int (*TridentCpuMaxThreadsFn)(void);

/* Runs every later launch on the host's threads: `parallel` with
 * min(programs, max_threads()) threads, instead of the runtime's own pool.
 * A program whose other work runs on an OpenMP runtime (PyTorch's CPU
 * kernels) then keeps one set of threads busy, not two that spin against
 * each other. `max_threads` may be NULL (the pool's size is asked for);
 * NULL `parallel` gives launches back to the pool. Safe to call while
 * other threads launch: a launch uses the setting it started with. */
void trident_cpu_runtime_use_host_threads(TridentCpuParallelFn parallel,
                                          TridentCpuMaxThreadsFn max_threads);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_LINALG_CPURUNTIME_H */

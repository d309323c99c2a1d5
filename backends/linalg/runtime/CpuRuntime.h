/*===- CpuRuntime.h - The cpu target's runtime ----------------------*- C -*-===*\
 *
 * The runtime half of the linalg backend: TridentRuntimeApi for target kind
 * "cpu". It needs only trident-c, libc, libdl and threads (no LLVM, no
 * MLIR): buffers are host memory, a kernel is the shared library stored in
 * the bundle, loaded with dlopen, and a launch runs every program of the
 * grid over a pool of threads as large as the machine.
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

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_LINALG_CPURUNTIME_H */

/*===- CudaRuntime.h - The nvidia target's runtime ------------------*- C -*-===*\
 *
 * The runtime half of the nvidia backend: TridentRuntimeApi for target kind
 * "nvidia" over the CUDA driver API. It needs only trident-c, libc and libdl
 * (no LLVM, no MLIR, no CUDA headers or libraries at build time):
 * libcuda.so.1 is opened on first use, so the plugin loads and compiles on
 * a machine without a GPU, where `probe` says why no device is available.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_NVIDIA_CUDARUNTIME_H
#define TRIDENT_NVIDIA_CUDARUNTIME_H

#include "trident-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The nvidia runtime's API; lives as long as the library that contains it. */
const TridentRuntimeApi *tridentNvidiaGetCudaRuntime(void);

/* Whether a CUDA device can be used here; if not, `why` (when not null)
 * receives a NUL-terminated reason of at most `size` bytes. */
int tridentNvidiaProbeDevice(char *why, unsigned long size);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_NVIDIA_CUDARUNTIME_H */

/*===- LevelZeroRuntime.h - The intel target's runtime --------------*- C -*-===*\
 *
 * The runtime half of the intel backend: TridentRuntimeApi for target kind
 * "intel" over Level Zero. It needs only trident-c, libc and libdl at run
 * time (the Level Zero headers only for types): libze_loader.so.1 is opened
 * on first use, so the plugin loads and compiles on a machine without a
 * driver, where `probe` says why no device is available.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_INTEL_LEVELZERORUNTIME_H
#define TRIDENT_INTEL_LEVELZERORUNTIME_H

#include "trident-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The intel runtime's API; lives as long as the library that contains it. */
const TridentRuntimeApi *tridentIntelGetLevelZeroRuntime(void);

/* Whether a Level Zero device can be used here; if not, `why` (when not
 * null) receives a NUL-terminated reason of at most `size` bytes. */
int tridentIntelProbeDevice(char *why, unsigned long size);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_INTEL_LEVELZERORUNTIME_H */

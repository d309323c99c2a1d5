/*===- trident-c/Runtime.h - The stable runtime ABI ----------------*- C -*-===*\
 *
 * What the runtime half of a plugin implements, in C and without LLVM, so
 * that a kernel bundle can be loaded and launched on a machine that has only
 * the runtime library and the vendor's driver. Drivers are opened lazily:
 * `probe` reports a missing device as a status, never as a load failure.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_C_RUNTIME_H
#define TRIDENT_C_RUNTIME_H

#include "trident-c/Plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TRIDENT_RUNTIME_ABI_VERSION 1

/* The kind of one kernel argument, as recorded in a bundle's signature and
 * tagged on each launch argument. */
typedef enum TridentArgKind {
  TRIDENT_ARG_POINTER = 1, /* a device buffer */
  TRIDENT_ARG_I1,
  TRIDENT_ARG_I8,
  TRIDENT_ARG_I16,
  TRIDENT_ARG_I32,
  TRIDENT_ARG_I64,
  TRIDENT_ARG_F16,
  TRIDENT_ARG_BF16,
  TRIDENT_ARG_F32,
  TRIDENT_ARG_F64,
  /* A pointer parameter given as a raw address in the device's address
   * space (`value.i`), for memory the caller allocated and owns (a torch
   * tensor, a numpy array on the cpu target). Accepted wherever
   * TRIDENT_ARG_POINTER is, by runtimes whose `struct_size` covers
   * `launch_on_stream`. */
  TRIDENT_ARG_ADDRESS
} TridentArgKind;

typedef struct TridentDevice TridentDevice;
typedef struct TridentBuffer TridentBuffer;
typedef struct TridentKernel TridentKernel;

/* One launch argument: `kind` says which member is meaningful. 16-bit
 * floats travel as their bit patterns. */
typedef struct TridentArg {
  uint32_t kind; /* TridentArgKind */
  uint32_t reserved;
  union {
    TridentBuffer *buffer;
    int64_t i;
    double f64;
    float f32;
    uint16_t bits16;
  } value;
} TridentArg;

/* What the runtime needs to know about a compiled kernel; read from a bundle
 * by the core runtime library and handed to the plugin. */
typedef struct TridentKernelImage {
  uint32_t struct_size;
  const char *kernel_name;
  const char *target;         /* e.g. "nvidia:sm_90" */
  const void *binary;         /* the target's binary: GPU code, a host shared library */
  uint64_t binary_size;
  uint32_t num_args;
  const uint32_t *arg_kinds;  /* TridentArgKind per parameter */
  uint32_t num_warps;
  uint32_t threads_per_warp;
  uint32_t shared_bytes;
} TridentKernelImage;

typedef struct TridentRuntimeApi {
  uint32_t struct_size;
  uint32_t version; /* TRIDENT_RUNTIME_ABI_VERSION */
  const char *target_kind; /* "cpu", "nvidia", "intel", ... */
  /* Sets *count to the number of usable devices; a status says why there
   * are none (no driver, no device) in words a user can act on. */
  TridentStatus *(*probe)(int32_t *count);
  TridentStatus *(*open_device)(int32_t index, TridentDevice **device);
  void (*close_device)(TridentDevice *device);
  TridentStatus *(*alloc)(TridentDevice *device, uint64_t bytes,
                          TridentBuffer **buffer);
  void (*free_buffer)(TridentBuffer *buffer);
  TridentStatus *(*copy_to_device)(TridentBuffer *buffer, const void *host,
                                   uint64_t bytes);
  TridentStatus *(*copy_to_host)(TridentBuffer *buffer, void *host,
                                 uint64_t bytes);
  TridentStatus *(*load_kernel)(TridentDevice *device,
                                const TridentKernelImage *image,
                                TridentKernel **kernel);
  void (*unload_kernel)(TridentKernel *kernel);
  /* Runs the kernel over grid[0] x grid[1] x grid[2] programs. */
  TridentStatus *(*launch)(TridentKernel *kernel, const uint32_t grid[3],
                           const TridentArg *args, uint32_t num_args);
  TridentStatus *(*synchronize)(TridentDevice *device);
  void (*release_status)(TridentStatus *status);
  /* Appended (read only when `struct_size` covers it): launches on the
   * caller's stream or queue (a CUstream for nvidia; ignored by runtimes
   * without streams), NULL meaning the device's own; does not wait. Takes
   * TRIDENT_ARG_ADDRESS arguments for pointer parameters. */
  TridentStatus *(*launch_on_stream)(TridentKernel *kernel,
                                     const uint32_t grid[3],
                                     const TridentArg *args, uint32_t num_args,
                                     void *stream);
} TridentRuntimeApi;

/* The size of a TridentRuntimeApi without `launch_on_stream`. */
#define TRIDENT_RUNTIME_API_V1_0_SIZE                                         \
  (offsetof(TridentRuntimeApi, release_status) +                              \
   sizeof(void (*)(TridentStatus *)))

/* The C symbol a runtime library exports (the library a plugin manifest
 * names under "runtime_library"). It returns the library's API, which lives
 * as long as the library is loaded; the caller checks `struct_size` and
 * `version` before using it. */
#ifndef TRIDENT_RUNTIME_ENTRY_NAME
#define TRIDENT_RUNTIME_ENTRY_NAME "trident_runtime_entry"
#endif
typedef const TridentRuntimeApi *(*TridentRuntimeEntryFn)(void);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_C_RUNTIME_H */

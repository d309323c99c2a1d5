/*===- trident-c/Bundle.h - Reading kernel bundles from C ---------*- C -*-===*\
 *
 * The C API of libTridentRuntime for compiled-kernel bundles (.tkb files,
 * docs/bundle.md): load one, read its fields, and get the
 * TridentKernelImage that a TridentRuntimeApi's `load_kernel` takes. No
 * LLVM or MLIR is involved; link with -lTridentRuntime.
 *
 * Errors are values: a function that can fail returns 0 on success and
 * non-zero on failure, and then stores a message (one line: what, why, what
 * to do) in *errorMessage when errorMessage is not NULL; free it with
 * tridentFreeString. Accessors given a NULL bundle or an index out of range
 * return 0 or NULL.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_C_BUNDLE_H
#define TRIDENT_C_BUNDLE_H

#include "trident-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef TRIDENT_RUNTIME_EXPORT
#define TRIDENT_RUNTIME_EXPORT __attribute__((visibility("default")))
#endif

typedef struct TridentBundle TridentBundle;

/* Reads the bundle file at `path` into *bundle. */
TRIDENT_RUNTIME_EXPORT int tridentBundleLoad(const char *path,
                                             TridentBundle **bundle,
                                             char **errorMessage);

/* Reads a bundle from `size` bytes at `data` (copied). */
TRIDENT_RUNTIME_EXPORT int tridentBundleParse(const void *data, uint64_t size,
                                              TridentBundle **bundle,
                                              char **errorMessage);

/* Frees a bundle and everything its accessors returned; NULL is ignored. */
TRIDENT_RUNTIME_EXPORT void tridentBundleFree(TridentBundle *bundle);

/* Frees a string this library returned; NULL is ignored. */
TRIDENT_RUNTIME_EXPORT void tridentFreeString(char *string);

/* Text fields, NUL-terminated, owned by the bundle. */
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetKernelName(const TridentBundle *bundle);
/* The canonical target, e.g. "nvidia:sm_90" or "cpu". */
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetTarget(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetArch(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetCompilerVersion(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetSourceHash(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetOptionHash(const TridentBundle *bundle);

/* Launch parameters. */
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetNumWarps(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetThreadsPerWarp(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetNumCtas(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetSharedBytes(const TridentBundle *bundle);

/* The argument signature: parameter `index` counts from 0. */
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetNumArgs(const TridentBundle *bundle);
/* A TridentArgKind; 0 for a bad index. */
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetArgKind(const TridentBundle *bundle, uint32_t index);
/* The pointee's element type for a pointer ("f32"), "" when unknown or for
 * a scalar. */
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetArgElementType(const TridentBundle *bundle, uint32_t index);
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetArgDivisibility(const TridentBundle *bundle, uint32_t index);
/* The parameter's source name, "" when the bundle does not record it. */
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetArgName(const TridentBundle *bundle, uint32_t index);

/* The binary; *size receives its length when size is not NULL. */
TRIDENT_RUNTIME_EXPORT const void *
tridentBundleGetBinary(const TridentBundle *bundle, uint64_t *size);

/* The IR stages the bundle carries (none unless compiled to keep them). */
TRIDENT_RUNTIME_EXPORT uint32_t
tridentBundleGetNumStages(const TridentBundle *bundle);
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetStageName(const TridentBundle *bundle, uint32_t index);
/* NUL-terminated; *size (when not NULL) receives the length without it. */
TRIDENT_RUNTIME_EXPORT const char *
tridentBundleGetStageText(const TridentBundle *bundle, uint32_t index,
                          uint64_t *size);

/* The image to hand to TridentRuntimeApi::load_kernel. It and everything
 * it points to are owned by the bundle and stay valid until
 * tridentBundleFree. */
TRIDENT_RUNTIME_EXPORT const TridentKernelImage *
tridentBundleGetKernelImage(const TridentBundle *bundle);

/* Finds where the runtime of target kind `kind` (e.g. "cpu", "nvidia")
 * comes from, as the tools find it: the plugin manifests on the search path
 * (TRIDENT_PLUGINS, which replaces `defaultPluginDirectory`, then
 * TRIDENT_ADD_PLUGINS; docs/plugins.md). On success *runtimeLibrary is the
 * manifest's LLVM-free runtime library, or, when no manifest names one but a
 * plugin hands out the runtime itself (its descriptor's get_runtime),
 * *pluginLibrary is that plugin's library; the other is set to NULL. Free
 * them with tridentFreeString. */
TRIDENT_RUNTIME_EXPORT int
tridentFindRuntime(const char *kind, const char *defaultPluginDirectory,
                   char **runtimeLibrary, char **pluginLibrary,
                   char **errorMessage);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_C_BUNDLE_H */

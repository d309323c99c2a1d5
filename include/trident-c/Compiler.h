/*===- trident-c/Compiler.h - The stable compile API --------------*- C -*-===*\
 *
 * The C API of libTridentCompiler: what a program in another language (the
 * `trident` Python package, through ctypes) needs to compile Triton kernels
 * with Trident. A compiler context finds and loads plugins exactly as the
 * `trident` tool does, lists the targets and whether their devices are
 * present, and compiles TTIR text for a target into a bundle in memory (the
 * bytes of a .tkb file, read back with trident-c/Bundle.h) or into the output
 * of a named stage.
 *
 * Versioning follows the plugin ABI: the major changes only when something
 * is removed or changes meaning, and structs that cross the boundary start
 * with their own size, so fields are only ever appended.
 *
 * Errors are values: a function that can fail returns 0 on success and
 * non-zero on failure, and then stores one line (what, why, what to do; the
 * compiler's diagnostics start with "file:line:col: ") in *errorMessage when
 * errorMessage is not NULL; free it with tridentCompilerFreeString. Accessors
 * given a NULL handle or an index out of range return 0 or NULL.
 *
 * A context is not thread-safe: use one per thread, or lock around it.
 * Plugins register their dialects, passes and targets for the whole
 * process, so every context shares the plugins loaded so far (a context
 * lists them all) and the plugin environment variables are read once, by
 * the first context; the library serializes the work of its contexts.
 *
\*===----------------------------------------------------------------------===*/

#ifndef TRIDENT_C_COMPILER_H
#define TRIDENT_C_COMPILER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRIDENT_COMPILER_API_MAJOR 1
#define TRIDENT_COMPILER_API_MINOR 0

#ifndef TRIDENT_COMPILER_EXPORT
#define TRIDENT_COMPILER_EXPORT __attribute__((visibility("default")))
#endif

typedef struct TridentCompiler TridentCompiler;
typedef struct TridentCompileResult TridentCompileResult;

/* The library's API version: (major << 16) | minor. A caller refuses a
 * different major. */
TRIDENT_COMPILER_EXPORT uint32_t tridentCompilerGetApiVersion(void);

/* The compiler's version string, as recorded in every bundle. */
TRIDENT_COMPILER_EXPORT const char *tridentCompilerGetVersion(void);

/* Frees a string this library returned; NULL is ignored. */
TRIDENT_COMPILER_EXPORT void tridentCompilerFreeString(char *string);

/*===----------------------------------------------------------------------===*
 * Contexts and targets
 *===----------------------------------------------------------------------===*/

/* Opens a compiler context. Plugins are found as the `trident` tool finds
 * them: `pluginPaths` first (libraries, manifests or directories, like
 * `--plugin`), then TRIDENT_PLUGINS or the default directory, then
 * TRIDENT_ADD_PLUGINS. A plugin named in `pluginPaths` or in an environment
 * variable that fails to load fails the call with its reason; one found in
 * the default directory that fails becomes a warning
 * (tridentCompilerGetWarnings). The default directory is
 * `trident/plugins` beside this library (`<prefix>/lib/trident/plugins`
 * for `<prefix>/lib/libTridentCompiler.so`), whatever the program is. */
TRIDENT_COMPILER_EXPORT int
tridentCompilerCreate(const char *const *pluginPaths, uint32_t numPluginPaths,
                      TridentCompiler **compiler, char **errorMessage);

/* Closes a context; NULL is ignored. Loaded plugins stay loaded for the life
 * of the process. */
TRIDENT_COMPILER_EXPORT void tridentCompilerDestroy(TridentCompiler *compiler);

/* One line per plugin that was found but not loaded, "" when none. Owned by
 * the context. */
TRIDENT_COMPILER_EXPORT const char *
tridentCompilerGetWarnings(const TridentCompiler *compiler);

/* The targets of the loaded plugins, in load order. */
TRIDENT_COMPILER_EXPORT uint32_t
tridentCompilerGetNumTargets(const TridentCompiler *compiler);
/* The target's kind ("cpu", "nvidia", ...). Owned by the context. */
TRIDENT_COMPILER_EXPORT const char *
tridentCompilerGetTargetKind(const TridentCompiler *compiler, uint32_t index);
/* Its aliases, comma-separated ("tdev,testdevice"), "" when none. */
TRIDENT_COMPILER_EXPORT const char *
tridentCompilerGetTargetAliases(const TridentCompiler *compiler,
                                uint32_t index);
/* The name of the plugin that provides it. */
TRIDENT_COMPILER_EXPORT const char *
tridentCompilerGetTargetPlugin(const TridentCompiler *compiler,
                               uint32_t index);
/* The path of the runtime library that launches its kernels (the plugin
 * manifest's `runtime_library`, an LLVM-free shared library exporting
 * TRIDENT_RUNTIME_ENTRY_NAME), "" when the plugin declares none. */
TRIDENT_COMPILER_EXPORT const char *
tridentCompilerGetTargetRuntimeLibrary(const TridentCompiler *compiler,
                                       uint32_t index);
/* Probes the target's runtime: returns the number of devices present (0
 * when none, or when the target has no runtime) and, when there are none
 * and `reason` is not NULL, stores why in *reason (free it with
 * tridentCompilerFreeString). */
TRIDENT_COMPILER_EXPORT int32_t
tridentCompilerProbeTarget(const TridentCompiler *compiler, uint32_t index,
                           char **reason);

/* Resolves a target string ("cpu", "nvidia:90", "auto"; an alias) to its
 * canonical form ("nvidia:sm_90"), into *canonical (free it with
 * tridentCompilerFreeString). */
TRIDENT_COMPILER_EXPORT int
tridentCompilerResolveTarget(TridentCompiler *compiler, const char *target,
                             char **canonical, char **errorMessage);

/* The names of the target's stages, starting with "ttir", separated by
 * commas, into *stages (free it with tridentCompilerFreeString). */
TRIDENT_COMPILER_EXPORT int
tridentCompilerGetStageNames(TridentCompiler *compiler, const char *target,
                             char **stages, char **errorMessage);

/*===----------------------------------------------------------------------===*
 * Compiling
 *===----------------------------------------------------------------------===*/

/* What to compile for. Zero-initialize it, set `struct_size` to
 * sizeof(TridentCompileOptions), then the fields you need: a zero or NULL
 * field takes the default. */
typedef struct TridentCompileOptions {
  uint32_t struct_size;
  /* "cpu" (the default), "nvidia:sm_90", "auto", ... */
  const char *target;
  /* 0: the target's default (4 warps, 3 stages, 1 CTA, its warp size). */
  int32_t num_warps;
  int32_t num_stages;
  int32_t num_ctas;
  int32_t threads_per_warp;
  /* The target's own options (`--opt KEY=VALUE`), as parallel arrays, given
   * to the target as they are (a later key replaces an earlier one): a
   * target reads the keys it knows (nvidia: fp-fusion=on|off) and refuses a
   * bad value with an error; targets do not declare their keys, so one it
   * does not know is ignored (it still tells cached bundles apart). */
  const char *const *option_keys;
  const char *const *option_values;
  uint32_t num_options;
  /* Stop after this stage and return its output; NULL or "" compiles to a
   * bundle. */
  const char *emit_stage;
  /* The name the source goes by in diagnostics; NULL: "<source>". */
  const char *source_name;
  /* Non-zero: keep every IR stage's text inside the bundle. */
  uint32_t keep_stages;
  /* A bundle cache directory; NULL: TRIDENT_CACHE_DIR when set, else none;
   * "": none. */
  const char *cache_directory;
} TridentCompileOptions;

/* Compiles `size` bytes of TTIR text at `source` into *result. */
TRIDENT_COMPILER_EXPORT int
tridentCompile(TridentCompiler *compiler, const char *source, uint64_t size,
               const TridentCompileOptions *options,
               TridentCompileResult **result, char **errorMessage);

/* Frees a result; NULL is ignored. */
TRIDENT_COMPILER_EXPORT void
tridentCompileResultFree(TridentCompileResult *result);

/* The output: the bundle's bytes (a .tkb file), or the requested stage's
 * text or binary. *size receives its length when size is not NULL. Owned by
 * the result. */
TRIDENT_COMPILER_EXPORT const void *
tridentCompileResultGetData(const TridentCompileResult *result,
                            uint64_t *size);

/* Non-zero when the output is a bundle (no stage was requested). */
TRIDENT_COMPILER_EXPORT int
tridentCompileResultIsBundle(const TridentCompileResult *result);

/* The canonical target the kernel was compiled for ("nvidia:sm_90"). */
TRIDENT_COMPILER_EXPORT const char *
tridentCompileResultGetTarget(const TridentCompileResult *result);

/* Notes for the user, one per line ("" when none). */
TRIDENT_COMPILER_EXPORT const char *
tridentCompileResultGetNotes(const TridentCompileResult *result);

/* Non-zero when the bundle came from the cache. */
TRIDENT_COMPILER_EXPORT int
tridentCompileResultIsFromCache(const TridentCompileResult *result);

#ifdef __cplusplus
}
#endif

#endif /* TRIDENT_C_COMPILER_H */

//===- Compiler.cpp - The stable compile API (trident-c/Compiler.h) -------===//
//
// libTridentCompiler: the C face of the compile driver, for programs in
// other languages (the `trident` Python package loads it with ctypes). It
// holds no compiler logic of its own: plugins are found and loaded by
// PluginHost and kernels compiled by compileWithHost, exactly as the
// `trident` tool does.
//
// Two rules shape it. No C++ exception and no LLVM fatal error may cross
// the C boundary: every entry point catches, and every failure becomes a
// returned string. And plugins register their dialects, passes and targets
// process-wide (PluginHost.h), so a second host loading the same plugin
// would see its own earlier registration as a conflict: every context
// shares one process-wide host, and a lock serializes its use.
//
//===----------------------------------------------------------------------===//

#include "trident-c/Compiler.h"

#include "trident/Driver/CompileRequest.h"
#include "trident/Driver/Compiler.h"
#include "trident/Plugin/PluginHost.h"
#include "trident/Runtime/Manifest.h"
#include "trident/Runtime/Runtime.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

using namespace trident;
using llvm::failed;
using llvm::failure;
using llvm::FailureOr;

namespace {

/// One target of a context, with the strings its accessors return.
struct TargetInfo {
  TargetBackend *backend = nullptr;
  const PluginRecord *plugin = nullptr;
  std::string kind;
  std::string aliases;
  std::string pluginName;
  std::string runtimeLibrary;
};

/// The process-wide host (see the file comment) and the lock around it.
/// Never destroyed: plugins are never unloaded, and destroying the host at
/// exit would race with the destructors of the registries it fed.
std::mutex &hostMutex() {
  static std::mutex *mutex = new std::mutex;
  return *mutex;
}

PluginHost &sharedHost() {
  static PluginHost *host = [] {
    auto *created = new PluginHost;
    // The tools' default directory is found from the executable
    // (`<prefix>/bin/trident`); this library's caller is some other program
    // (python3), so look beside the library itself: `<prefix>/lib`.
    std::string directory = PluginHost::getPluginDirectoryBesideLibrary(
        reinterpret_cast<const void *>(&hostMutex));
    if (!directory.empty())
      created->setDefaultPluginDirectory(directory);
    return created;
  }();
  return *host;
}

/// A copy of `text` that tridentCompilerFreeString frees, or null when out
/// of memory.
char *duplicate(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy)
    std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

/// Stores `message` in *errorMessage (when given) and returns 1.
int fail(char **errorMessage, const std::string &message) {
  if (errorMessage)
    *errorMessage = duplicate(message);
  return 1;
}

/// The message of an exception caught at the boundary.
std::string describeException(const char *function) {
  std::string what = "unknown exception";
  try {
    throw;
  } catch (const std::bad_alloc &) {
    what = "out of memory";
  } catch (const std::exception &e) {
    what = e.what();
  } catch (...) {
  }
  return std::string(function) + ": internal error: " + what +
         "; please report it";
}

/// The manifest's runtime library for `kind`: the manifest the plugin was
/// found through, else the `<name>.json` that trident_add_plugin writes
/// beside the library.
std::string findRuntimeLibrary(const PluginRecord &plugin,
                               llvm::StringRef kind) {
  std::string manifestPath = plugin.manifestPath;
  if (manifestPath.empty() && !plugin.name.empty()) {
    llvm::SmallString<256> beside = llvm::sys::path::parent_path(plugin.path);
    llvm::sys::path::append(beside, plugin.name + ".json");
    if (!llvm::sys::fs::exists(beside))
      return "";
    manifestPath = beside.str().str();
  }
  if (manifestPath.empty())
    return "";
  std::string ignored;
  std::optional<PluginManifest> manifest =
      readPluginManifest(manifestPath, ignored);
  if (!manifest || !manifest->providesRuntimeFor(kind.str()))
    return "";
  return manifest->runtimeLibrary;
}

} // namespace

struct TridentCompiler {
  std::string warnings;
  std::vector<TargetInfo> targets;
};

struct TridentCompileResult {
  std::string data;
  bool isBundle = false;
  bool fromCache = false;
  std::string target;
  std::string notes;
};

/// The runtime's entry points promise not to throw; this turns anything
/// thrown below into the function's error result.
#define TRIDENT_CAPI_CATCH(errorMessage)                                       \
  catch (...) {                                                                \
    return fail(errorMessage, describeException(__func__));                    \
  }

//===----------------------------------------------------------------------===//
// Versions and strings
//===----------------------------------------------------------------------===//

uint32_t tridentCompilerGetApiVersion(void) {
  return (uint32_t(TRIDENT_COMPILER_API_MAJOR) << 16) |
         TRIDENT_COMPILER_API_MINOR;
}

const char *tridentCompilerGetVersion(void) {
  // A string literal: NUL-terminated and alive for the whole process.
  return getCompilerVersion().data();
}

void tridentCompilerFreeString(char *string) { std::free(string); }

//===----------------------------------------------------------------------===//
// Contexts and targets
//===----------------------------------------------------------------------===//

int tridentCompilerCreate(const char *const *pluginPaths,
                          uint32_t numPluginPaths, TridentCompiler **compiler,
                          char **errorMessage) try {
  if (errorMessage)
    *errorMessage = nullptr;
  if (!compiler)
    return fail(errorMessage,
                "tridentCompilerCreate: no place for the context (compiler "
                "is NULL)");
  *compiler = nullptr;
  if (numPluginPaths && !pluginPaths)
    return fail(errorMessage,
                "tridentCompilerCreate: " + std::to_string(numPluginPaths) +
                    " plugin paths announced but pluginPaths "
                    "is NULL");
  std::vector<std::string> paths;
  for (uint32_t i = 0; i < numPluginPaths; ++i) {
    if (!pluginPaths[i] || !*pluginPaths[i])
      return fail(errorMessage, "tridentCompilerCreate: plugin path " +
                                    std::to_string(i) +
                                    " is empty: give a library, a manifest "
                                    "or a directory");
    paths.emplace_back(pluginPaths[i]);
  }

  std::lock_guard<std::mutex> lock(hostMutex());
  PluginHost &host = sharedHost();
  size_t before = host.records().size();
  host.discover(paths, "API");
  host.loadAll();

  // What this call found (earlier contexts' plugins were judged by them):
  // one the caller or the environment named must load; one from the
  // default directory is skipped with a warning.
  auto context = std::make_unique<TridentCompiler>();
  std::vector<const PluginRecord *> records = host.records();
  for (size_t i = before; i < records.size(); ++i) {
    const PluginRecord &record = *records[i];
    if (!record.failed())
      continue;
    if (record.isRequested())
      return fail(errorMessage, "plugin " + record.path + " (from " +
                                    record.foundBy +
                                    ") did not load: " + record.message);
    context->warnings += record.str() + " (skipped)\n";
  }
  for (const TargetEntry &entry : host.targets()) {
    TargetInfo info;
    info.backend = entry.backend;
    info.plugin = entry.plugin;
    info.kind = entry.backend->getKind().str();
    info.aliases = llvm::join(entry.backend->getAliases(), ",");
    info.pluginName = entry.plugin->name;
    info.runtimeLibrary = findRuntimeLibrary(*entry.plugin, info.kind);
    context->targets.push_back(std::move(info));
  }
  *compiler = context.release();
  return 0;
}
TRIDENT_CAPI_CATCH(errorMessage)

void tridentCompilerDestroy(TridentCompiler *compiler) { delete compiler; }

const char *tridentCompilerGetWarnings(const TridentCompiler *compiler) {
  return compiler ? compiler->warnings.c_str() : nullptr;
}

uint32_t tridentCompilerGetNumTargets(const TridentCompiler *compiler) {
  return compiler ? static_cast<uint32_t>(compiler->targets.size()) : 0;
}

static const TargetInfo *getTarget(const TridentCompiler *compiler,
                                   uint32_t index) {
  if (!compiler || index >= compiler->targets.size())
    return nullptr;
  return &compiler->targets[index];
}

const char *tridentCompilerGetTargetKind(const TridentCompiler *compiler,
                                         uint32_t index) {
  const TargetInfo *target = getTarget(compiler, index);
  return target ? target->kind.c_str() : nullptr;
}

const char *tridentCompilerGetTargetAliases(const TridentCompiler *compiler,
                                            uint32_t index) {
  const TargetInfo *target = getTarget(compiler, index);
  return target ? target->aliases.c_str() : nullptr;
}

const char *tridentCompilerGetTargetPlugin(const TridentCompiler *compiler,
                                           uint32_t index) {
  const TargetInfo *target = getTarget(compiler, index);
  return target ? target->pluginName.c_str() : nullptr;
}

const char *
tridentCompilerGetTargetRuntimeLibrary(const TridentCompiler *compiler,
                                       uint32_t index) {
  const TargetInfo *target = getTarget(compiler, index);
  return target ? target->runtimeLibrary.c_str() : nullptr;
}

int32_t tridentCompilerProbeTarget(const TridentCompiler *compiler,
                                   uint32_t index, char **reason) try {
  if (reason)
    *reason = nullptr;
  const TargetInfo *target = getTarget(compiler, index);
  if (!target) {
    if (reason)
      *reason =
          duplicate(compiler ? "no target " + std::to_string(index) +
                                   ": the context has " +
                                   std::to_string(compiler->targets.size())
                             : std::string("no context (NULL)"));
    return 0;
  }
  std::lock_guard<std::mutex> lock(hostMutex());
  std::string problem;
  std::shared_ptr<RuntimeLibrary> runtime;
  // The plugin's own runtime (ABI 1.1 descriptors), else the library its
  // manifest names.
  if (const TridentRuntimeApi *api = sharedHost().getRuntime(*target->plugin))
    runtime = RuntimeLibrary::fromApi(api, "plugin " + target->pluginName,
                                      target->kind, problem);
  else if (!target->runtimeLibrary.empty())
    runtime =
        RuntimeLibrary::load(target->runtimeLibrary, target->kind, problem);
  else
    problem = "target '" + target->kind + "' (plugin " + target->pluginName +
              ") has no runtime: its kernels cannot be launched here";
  int32_t count = 0;
  if (runtime) {
    if (TridentStatus *status = runtime->api().probe(&count)) {
      problem = runtime->takeMessage(status);
      count = 0;
    } else if (count <= 0) {
      problem = "the '" + target->kind + "' runtime found no device";
      count = 0;
    }
  }
  if (count == 0 && reason)
    *reason = duplicate(problem);
  return count;
} catch (...) {
  if (reason) {
    std::free(*reason);
    *reason = duplicate(describeException(__func__));
  }
  return 0;
}

/// What tridentCompilerResolveTarget and tridentCompilerGetStageNames share:
/// clears the outputs, checks the arguments (naming `function` and the NULL
/// one) and resolves `target` with the shared host, whose lock the caller
/// holds. On failure returns failure() with the message stored.
static FailureOr<ResolvedTarget>
resolveForCall(const char *function, TridentCompiler *compiler,
               const char *target, char **result, const char *resultName,
               char **errorMessage) {
  if (errorMessage)
    *errorMessage = nullptr;
  if (result)
    *result = nullptr;
  if (!compiler || !target || !result) {
    fail(errorMessage, std::string(function) + ": " +
                           (!compiler ? "compiler"
                            : !target ? "target"
                                      : resultName) +
                           " is NULL");
    return failure();
  }
  std::string problem;
  FailureOr<ResolvedTarget> resolved =
      sharedHost().resolveTarget(target, problem);
  if (failed(resolved))
    fail(errorMessage, problem);
  return resolved;
}

int tridentCompilerResolveTarget(TridentCompiler *compiler, const char *target,
                                 char **canonical, char **errorMessage) try {
  std::lock_guard<std::mutex> lock(hostMutex());
  FailureOr<ResolvedTarget> resolved =
      resolveForCall(__func__, compiler, target, canonical, "canonical",
                     errorMessage);
  if (failed(resolved))
    return 1;
  *canonical = duplicate(resolved->options.str());
  return 0;
}
TRIDENT_CAPI_CATCH(errorMessage)

int tridentCompilerGetStageNames(TridentCompiler *compiler, const char *target,
                                 char **stages, char **errorMessage) try {
  std::lock_guard<std::mutex> lock(hostMutex());
  FailureOr<ResolvedTarget> resolved = resolveForCall(
      __func__, compiler, target, stages, "stages", errorMessage);
  if (failed(resolved))
    return 1;
  *stages = duplicate(llvm::join(getStageNames(*resolved->backend), ","));
  return 0;
}
TRIDENT_CAPI_CATCH(errorMessage)

//===----------------------------------------------------------------------===//
// Compiling
//===----------------------------------------------------------------------===//

/// The size of version 1.0's TridentCompileOptions: a caller's struct may be
/// bigger (a newer header), never smaller.
static constexpr size_t kOptionsV1_0Size =
    offsetof(TridentCompileOptions, cache_directory) + sizeof(const char *);

/// Turns the C options into a request; returns an error line, or "".
static std::string makeRequest(const TridentCompileOptions *options,
                               CompileRequest &request) {
  if (!options)
    return "";
  if (options->struct_size < kOptionsV1_0Size)
    return "options->struct_size is " + std::to_string(options->struct_size) +
           ", smaller than the " + std::to_string(kOptionsV1_0Size) +
           " bytes of TridentCompileOptions 1.0: set it to "
           "sizeof(TridentCompileOptions)";
  if (options->target && *options->target)
    request.target = options->target;
  struct Count {
    const char *name;
    int32_t value;
    int *field;
  };
  Count counts[] = {
      {"num_warps", options->num_warps, &request.numWarps},
      {"num_stages", options->num_stages, &request.numStages},
      {"num_ctas", options->num_ctas, &request.numCtas},
      {"threads_per_warp", options->threads_per_warp, &request.threadsPerWarp}};
  for (const Count &count : counts) {
    if (count.value < 0)
      return std::string("option '") + count.name +
             "' needs a positive integer (or 0 for the target's default), "
             "got " +
             std::to_string(count.value);
    *count.field = count.value;
  }
  if (options->num_options &&
      (!options->option_keys || !options->option_values))
    return std::to_string(options->num_options) +
           " target options announced but option_keys or option_values is "
           "NULL";
  for (uint32_t i = 0; i < options->num_options; ++i) {
    const char *key = options->option_keys[i];
    const char *value = options->option_values[i];
    if (!key || !*key)
      return "target option " + std::to_string(i) + " has no key";
    if (!value)
      return std::string("target option '") + key + "' has no value (NULL)";
    request.extras.emplace_back(key, value);
  }
  if (options->emit_stage)
    request.emitStage = options->emit_stage;
  request.keepStages = options->keep_stages != 0;
  if (options->cache_directory)
    request.cacheDirectory = std::string(options->cache_directory);
  return "";
}

int tridentCompile(TridentCompiler *compiler, const char *source, uint64_t size,
                   const TridentCompileOptions *options,
                   TridentCompileResult **result, char **errorMessage) try {
  if (errorMessage)
    *errorMessage = nullptr;
  if (result)
    *result = nullptr;
  if (!compiler || !result)
    return fail(errorMessage, std::string("tridentCompile: ") +
                                  (!compiler ? "compiler" : "result") +
                                  " is NULL");
  if (!source && size)
    return fail(errorMessage, "tridentCompile: source is NULL but size is " +
                                  std::to_string(size));
  CompileRequest request;
  std::string problem = makeRequest(options, request);
  if (!problem.empty())
    return fail(errorMessage, "tridentCompile: " + problem);
  std::string sourceName =
      options && options->source_name ? options->source_name : "<source>";

  std::lock_guard<std::mutex> lock(hostMutex());
  CompileOptions applied;
  std::optional<CompileResult> compiled = compileWithHost(
      sharedHost(), sourceName,
      llvm::StringRef(source ? source : "", static_cast<size_t>(size)), request,
      problem, &applied);
  if (!compiled)
    return fail(errorMessage, problem);

  auto output = std::make_unique<TridentCompileResult>();
  output->target = applied.target.str();
  output->fromCache = compiled->fromCache;
  for (const std::string &note : compiled->notes)
    output->notes += note + "\n";
  if (compiled->bundle) {
    output->isBundle = true;
    output->data = compiled->bundle->serialize();
  } else {
    output->data = std::move(compiled->emitted);
  }
  *result = output.release();
  return 0;
}
TRIDENT_CAPI_CATCH(errorMessage)

void tridentCompileResultFree(TridentCompileResult *result) { delete result; }

const void *tridentCompileResultGetData(const TridentCompileResult *result,
                                        uint64_t *size) {
  if (size)
    *size = result ? result->data.size() : 0;
  return result ? result->data.data() : nullptr;
}

int tridentCompileResultIsBundle(const TridentCompileResult *result) {
  return result && result->isBundle;
}

const char *tridentCompileResultGetTarget(const TridentCompileResult *result) {
  return result ? result->target.c_str() : nullptr;
}

const char *tridentCompileResultGetNotes(const TridentCompileResult *result) {
  return result ? result->notes.c_str() : nullptr;
}

int tridentCompileResultIsFromCache(const TridentCompileResult *result) {
  return result && result->fromCache;
}

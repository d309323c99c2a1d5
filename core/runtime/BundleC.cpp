//===- BundleC.cpp - The C API of kernel bundles --------------------------===//
//
// Implements trident-c/Bundle.h over trident::Bundle. Nothing here throws
// across the C boundary: allocation failures are reported as errors.
//
//===----------------------------------------------------------------------===//

#include "trident-c/Bundle.h"
#include "trident/Runtime/Bundle.h"
#include "trident/Runtime/Manifest.h"

#include <cstdlib>
#include <cstring>
#include <new>

using namespace trident;

struct TridentBundle {
  Bundle bundle;
  std::vector<uint32_t> argKinds;
  TridentKernelImage image;
};

namespace {

char *copyString(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy)
    std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

int failWith(char **errorMessage, const std::string &message) {
  if (errorMessage)
    *errorMessage = copyString(message);
  return 1;
}

int finish(std::optional<Bundle> parsed, const std::string &error,
           TridentBundle **bundle, char **errorMessage) {
  if (!parsed)
    return failWith(errorMessage, error);
  TridentBundle *result = new (std::nothrow) TridentBundle();
  if (!result)
    return failWith(errorMessage, "out of memory while loading a bundle");
  result->bundle = std::move(*parsed);
  result->argKinds = result->bundle.argKinds();
  TridentKernelImage &image = result->image;
  std::memset(&image, 0, sizeof(image));
  const Bundle &b = result->bundle;
  image.struct_size = sizeof(TridentKernelImage);
  image.kernel_name = b.kernelName.c_str();
  image.target = b.target.c_str();
  image.binary = b.binary.data();
  image.binary_size = b.binary.size();
  image.num_args = static_cast<uint32_t>(result->argKinds.size());
  image.arg_kinds = result->argKinds.data();
  image.num_warps = b.numWarps;
  image.threads_per_warp = b.threadsPerWarp;
  image.shared_bytes = b.sharedBytes;
  *bundle = result;
  if (errorMessage)
    *errorMessage = nullptr;
  return 0;
}

const BundleParameter *param(const TridentBundle *bundle, uint32_t index) {
  if (!bundle || index >= bundle->bundle.signature.size())
    return nullptr;
  return &bundle->bundle.signature[index];
}

const BundleStage *stage(const TridentBundle *bundle, uint32_t index) {
  if (!bundle || index >= bundle->bundle.stages.size())
    return nullptr;
  return &bundle->bundle.stages[index];
}

} // namespace

int tridentBundleLoad(const char *path, TridentBundle **bundle,
                      char **errorMessage) {
  if (!path)
    return failWith(errorMessage,
                    "tridentBundleLoad: the path is NULL; pass a .tkb path");
  if (!bundle)
    return failWith(errorMessage, "tridentBundleLoad: the bundle out-pointer "
                                  "is NULL; pass the address of a "
                                  "TridentBundle pointer");
  *bundle = nullptr;
  std::string error;
  std::optional<Bundle> parsed = Bundle::readFile(path, error);
  return finish(std::move(parsed), error, bundle, errorMessage);
}

int tridentBundleParse(const void *data, uint64_t size, TridentBundle **bundle,
                       char **errorMessage) {
  if (!bundle)
    return failWith(errorMessage, "tridentBundleParse: the bundle out-pointer "
                                  "is NULL; pass the address of a "
                                  "TridentBundle pointer");
  *bundle = nullptr;
  std::string error;
  std::optional<Bundle> parsed =
      Bundle::parse(data, static_cast<size_t>(size), error);
  return finish(std::move(parsed), error, bundle, errorMessage);
}

void tridentBundleFree(TridentBundle *bundle) { delete bundle; }

void tridentFreeString(char *string) { std::free(string); }

#define TRIDENT_STRING_ACCESSOR(FN, FIELD)                                     \
  const char *FN(const TridentBundle *bundle) {                                \
    return bundle ? bundle->bundle.FIELD.c_str() : nullptr;                    \
  }
TRIDENT_STRING_ACCESSOR(tridentBundleGetKernelName, kernelName)
TRIDENT_STRING_ACCESSOR(tridentBundleGetTarget, target)
TRIDENT_STRING_ACCESSOR(tridentBundleGetArch, arch)
TRIDENT_STRING_ACCESSOR(tridentBundleGetCompilerVersion, compilerVersion)
TRIDENT_STRING_ACCESSOR(tridentBundleGetSourceHash, sourceHash)
TRIDENT_STRING_ACCESSOR(tridentBundleGetOptionHash, optionHash)
#undef TRIDENT_STRING_ACCESSOR

#define TRIDENT_U32_ACCESSOR(FN, FIELD)                                        \
  uint32_t FN(const TridentBundle *bundle) {                                   \
    return bundle ? bundle->bundle.FIELD : 0;                                  \
  }
TRIDENT_U32_ACCESSOR(tridentBundleGetNumWarps, numWarps)
TRIDENT_U32_ACCESSOR(tridentBundleGetThreadsPerWarp, threadsPerWarp)
TRIDENT_U32_ACCESSOR(tridentBundleGetNumCtas, numCtas)
TRIDENT_U32_ACCESSOR(tridentBundleGetSharedBytes, sharedBytes)
#undef TRIDENT_U32_ACCESSOR

uint32_t tridentBundleGetNumArgs(const TridentBundle *bundle) {
  return bundle ? static_cast<uint32_t>(bundle->bundle.signature.size()) : 0;
}

uint32_t tridentBundleGetArgKind(const TridentBundle *bundle, uint32_t index) {
  const BundleParameter *p = param(bundle, index);
  return p ? static_cast<uint32_t>(p->kind) : 0;
}

const char *tridentBundleGetArgElementType(const TridentBundle *bundle,
                                           uint32_t index) {
  const BundleParameter *p = param(bundle, index);
  return p ? p->elementType.c_str() : nullptr;
}

uint32_t tridentBundleGetArgDivisibility(const TridentBundle *bundle,
                                         uint32_t index) {
  const BundleParameter *p = param(bundle, index);
  return p ? p->divisibility : 0;
}

const char *tridentBundleGetArgName(const TridentBundle *bundle,
                                    uint32_t index) {
  const BundleParameter *p = param(bundle, index);
  return p ? p->name.c_str() : nullptr;
}

const void *tridentBundleGetBinary(const TridentBundle *bundle,
                                   uint64_t *size) {
  if (size)
    *size = bundle ? bundle->bundle.binary.size() : 0;
  return bundle ? bundle->bundle.binary.data() : nullptr;
}

uint32_t tridentBundleGetNumStages(const TridentBundle *bundle) {
  return bundle ? static_cast<uint32_t>(bundle->bundle.stages.size()) : 0;
}

const char *tridentBundleGetStageName(const TridentBundle *bundle,
                                      uint32_t index) {
  const BundleStage *s = stage(bundle, index);
  return s ? s->name.c_str() : nullptr;
}

const char *tridentBundleGetStageText(const TridentBundle *bundle,
                                      uint32_t index, uint64_t *size) {
  const BundleStage *s = stage(bundle, index);
  if (size)
    *size = s ? s->text.size() : 0;
  return s ? s->text.c_str() : nullptr;
}

const TridentKernelImage *
tridentBundleGetKernelImage(const TridentBundle *bundle) {
  return bundle ? &bundle->image : nullptr;
}

int tridentFindRuntime(const char *kind, const char *defaultPluginDirectory,
                       char **runtimeLibrary, char **pluginLibrary,
                       char **errorMessage) {
  if (!kind || !*kind)
    return failWith(errorMessage, "tridentFindRuntime: no target kind; pass "
                                  "one such as \"cpu\"");
  if (!runtimeLibrary || !pluginLibrary)
    return failWith(errorMessage, "tridentFindRuntime: an out-pointer is "
                                  "NULL; pass the addresses of two char "
                                  "pointers");
  *runtimeLibrary = *pluginLibrary = nullptr;
  std::string error;
  std::optional<PluginManifest> manifest = findRuntimeManifest(
      getPluginSearchPath(defaultPluginDirectory ? defaultPluginDirectory
                                                 : ""),
      kind, error, /*skipped=*/nullptr, /*allowInPlugin=*/true);
  if (!manifest)
    return failWith(errorMessage, error);
  if (!manifest->runtimeLibrary.empty())
    *runtimeLibrary = copyString(manifest->runtimeLibrary);
  else
    *pluginLibrary = copyString(manifest->library);
  return 0;
}

//===- CompileRequest.cpp - Compiling with the plugins of a host ----------===//

#include "trident/Driver/CompileRequest.h"

#include "trident/InitAll.h"
#include "trident/Plugin/PluginHost.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>

using namespace llvm;

namespace trident {

std::string describeBackend(const PluginRecord *plugin) {
  if (!plugin)
    return "";
  std::string identity =
      plugin->name + "@" + plugin->version + " " + plugin->path;
  sys::fs::file_status status;
  if (!plugin->path.empty() && !sys::fs::status(plugin->path, status))
    identity +=
        " " + std::to_string(status.getSize()) + " " +
        std::to_string(
            status.getLastModificationTime().time_since_epoch().count());
  return identity;
}

std::optional<CompileResult>
compileWithHost(PluginHost &host, StringRef sourceName, StringRef source,
                const CompileRequest &request, std::string &error,
                CompileOptions *applied) {
  FailureOr<ResolvedTarget> resolved =
      host.resolveTarget(request.target, error);
  if (failed(resolved))
    return std::nullopt;

  CompileOptions options;
  options.target = resolved->options;
  if (request.numWarps)
    options.target.numWarps = request.numWarps;
  if (request.numStages)
    options.target.numStages = request.numStages;
  if (request.numCtas)
    options.target.numCtas = request.numCtas;
  if (request.threadsPerWarp)
    options.target.threadsPerWarp = request.threadsPerWarp;
  std::vector<std::string> known = resolved->backend->getOptionNames();
  for (const auto &[key, value] : request.extras) {
    if (!llvm::is_contained(known, key)) {
      error = "target '" + options.target.kind + "' has no option '" + key +
              "' (" +
              (known.empty() ? std::string("it takes no --opt options")
                             : "its options: " + llvm::join(known, ", ")) +
              ")";
      return std::nullopt;
    }
    options.target.extra[key] = value;
  }
  options.backendIdentity = describeBackend(resolved->plugin);
  options.emitStage = request.emitStage;
  options.dumpDirectory = request.dumpDirectory;
  options.keepStages = request.keepStages;
  options.timePasses = request.timePasses;
  if (request.cacheDirectory)
    options.cacheDirectory = *request.cacheDirectory;
  else if (!PluginHost::isEnvironmentIgnored())
    if (const char *cache = std::getenv("TRIDENT_CACHE_DIR"))
      options.cacheDirectory = cache;
  if (applied)
    *applied = options;

  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  registerAllPasses();
  host.registerDialects(registry);
  return compileKernel(registry, sourceName, source, *resolved->backend,
                       options, error);
}

} // namespace trident

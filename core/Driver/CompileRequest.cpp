//===- CompileRequest.cpp - Compiling with the plugins of a host ----------===//

#include "trident/Driver/CompileRequest.h"

#include "trident/Dialect/Triton/Transforms/Passes.h"
#include "trident/InitAll.h"
#include "trident/Plugin/PluginHost.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
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

/// The target options of `request` for `resolved`'s target; fails, with
/// `error`, on an --opt key the target does not take.
static std::optional<TargetOptions> applyRequest(const ResolvedTarget &resolved,
                                                 const CompileRequest &request,
                                                 std::string &error) {
  TargetOptions options = resolved.options;
  if (request.numWarps)
    options.numWarps = request.numWarps;
  if (request.numStages)
    options.numStages = request.numStages;
  if (request.numCtas)
    options.numCtas = request.numCtas;
  if (request.threadsPerWarp)
    options.threadsPerWarp = request.threadsPerWarp;
  std::vector<std::string> known = resolved.backend->getOptionNames();
  for (const auto &[key, value] : request.extras) {
    if (!llvm::is_contained(known, key)) {
      error = "target '" + options.kind + "' has no option '" + key + "' (" +
              (known.empty() ? std::string("it takes no --opt options")
                             : "its options: " + llvm::join(known, ", ")) +
              ")";
      return std::nullopt;
    }
    options.extra[key] = value;
  }
  return options;
}

std::optional<std::vector<StagePipeline>>
describeStagePipelines(PluginHost &host, const CompileRequest &request,
                       std::string &error) {
  FailureOr<ResolvedTarget> resolved =
      host.resolveTarget(request.target, error);
  if (failed(resolved))
    return std::nullopt;
  std::optional<TargetOptions> options =
      applyRequest(*resolved, request, error);
  if (!options)
    return std::nullopt;
  auto print = [](mlir::OpPassManager &pm) {
    std::string text;
    raw_string_ostream os(text);
    pm.printAsTextualPipeline(os);
    return text;
  };
  std::vector<StagePipeline> stages;
  mlir::OpPassManager ttir("builtin.module");
  mlir::triton::buildTritonTTIRPipeline(ttir);
  stages.push_back({"ttir", print(ttir)});
  for (const Stage &stage : resolved->backend->getStages()) {
    StagePipeline described{stage.name, ""};
    if (stage.buildPipeline) {
      mlir::OpPassManager pm("builtin.module");
      if (failed(stage.buildPipeline(pm, *options))) {
        error = "target '" + options->str() + "': stage '" + stage.name +
                "' cannot build its pipeline for these options";
        return std::nullopt;
      }
      described.pipeline = print(pm);
    }
    stages.push_back(std::move(described));
  }
  return stages;
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
  std::optional<TargetOptions> target = applyRequest(*resolved, request, error);
  if (!target)
    return std::nullopt;
  options.target = std::move(*target);
  options.backendIdentity = describeBackend(resolved->plugin);
  options.emitStage = request.emitStage;
  options.emitOnly = request.emitOnly;
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

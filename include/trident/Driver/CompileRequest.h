//===- CompileRequest.h - Compiling with the plugins of a host --*- C++ -*-===//
//
// What the `trident` tool and the C API (libTridentCompiler) share: a
// compilation asked for by a target string and the settings given on top of
// the target's defaults, resolved against the plugins of a PluginHost and
// compiled with compileKernel. Keeping it here means the two front ends
// cannot drift apart (cache keys, option defaults, registry setup).
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DRIVER_COMPILEREQUEST_H
#define TRIDENT_DRIVER_COMPILEREQUEST_H

#include "trident/Driver/Compiler.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trident {

class PluginHost;
struct PluginRecord;

/// A compilation as a user asks for it.
struct CompileRequest {
  /// "cpu", "nvidia:sm_90", "auto", a kind's alias, ...
  std::string target = "cpu";
  /// 0 keeps the target's default.
  int numWarps = 0;
  int numStages = 0;
  int numCtas = 0;
  int threadsPerWarp = 0;
  /// The target's own options (`--opt KEY=VALUE`), in the order given; a
  /// later value of a key replaces an earlier one.
  std::vector<std::pair<std::string, std::string>> extras;
  std::string emitStage;
  /// CompileOptions::emitOnly.
  bool emitOnly = false;
  std::string dumpDirectory;
  bool keepStages = false;
  bool timePasses = false;
  /// The bundle cache; unset takes TRIDENT_CACHE_DIR (unless the process
  /// ignores its environment, see PluginHost::isEnvironmentIgnored), an
  /// empty string disables caching.
  std::optional<std::string> cacheDirectory;
};

/// Who compiles, for the cache key: the plugin's name, version and library
/// file (path, size, modification time), so that a rebuilt library never
/// reuses the bundles of the one it replaced even at the same version.
std::string describeBackend(const PluginRecord *plugin);

/// Resolves `request.target` with `host` (loading the plugin that provides
/// it), applies the request to the target's defaults and compiles `source`
/// (`sourceName` names it in diagnostics, "file:line:col: ..."). Fills
/// `applied` (when given) with the options used, e.g. the canonical target
/// and the cache directory. On failure returns std::nullopt with a one-line
/// `error`.
std::optional<CompileResult>
compileWithHost(PluginHost &host, llvm::StringRef sourceName,
                llvm::StringRef source, const CompileRequest &request,
                std::string &error, CompileOptions *applied = nullptr);

/// One stage of a compilation as `trident-opt` reproduces it: its name and
/// its passes in the textual form `--pass-pipeline` takes; `pipeline` is
/// empty for a stage that only emits (its output is not MLIR).
struct StagePipeline {
  std::string stage;
  std::string pipeline;
};

/// The stages `request` would run, `ttir` first, with the options applied
/// as compileWithHost applies them. On failure (an unknown target or
/// option) returns std::nullopt with a one-line `error`.
std::optional<std::vector<StagePipeline>>
describeStagePipelines(PluginHost &host, const CompileRequest &request,
                       std::string &error);

} // namespace trident

#endif // TRIDENT_DRIVER_COMPILEREQUEST_H

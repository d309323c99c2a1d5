//===- Compiler.h - The compile driver --------------------------*- C++ -*-===//
//
// Turns the TTIR of one kernel into a bundle for a target: the core's
// `trident-ttir` pipeline, then each stage the target's plugin declares, with
// optional IR dumps, an early stop at a named stage, and a content-addressed
// cache of finished bundles.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_DRIVER_COMPILER_H
#define TRIDENT_DRIVER_COMPILER_H

#include "trident/Plugin/PluginAPI.h"
#include "trident/Runtime/Bundle.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace trident {

struct CompileOptions {
  TargetOptions target;
  /// Stop after this stage and return its output (`ttir`, or any stage the
  /// target declares); empty compiles to a bundle.
  std::string emitStage;
  /// Run only `emitStage`'s emit step on the source, which is then what that
  /// stage's passes produce (an MLIR module), or, for a stage without
  /// passes, the previous stage's output (LLVM IR, assembly, ...): with
  /// `trident-opt` running the stage's passes, this reproduces every stage
  /// of a compilation from the previous one's output.
  bool emitOnly = false;
  /// When set, every stage's output is written there as
  /// `<kernel>.<stage>.<ext>`.
  std::string dumpDirectory;
  /// Keep the text of every IR stage inside the bundle.
  bool keepStages = false;
  /// Print a tree of wall times, pass by pass, on stderr (MLIR's timing
  /// report), with each stage's code emission as one entry.
  bool timePasses = false;
  /// Directory of the bundle cache; empty disables caching.
  std::string cacheDirectory;
  /// Who compiles: the plugin's name, version and library file (path, size,
  /// modification time). Part of the cache key, so that an upgraded or
  /// rebuilt plugin never reuses the bundles of the one it replaced.
  std::string backendIdentity;
};

struct CompileResult {
  /// The finished bundle (when no `emitStage` was given).
  std::optional<Bundle> bundle;
  /// The output of `emitStage` (text or bytes).
  std::string emitted;
  /// True when the bundle came from the cache.
  bool fromCache = false;
  /// Notes for the user (e.g. a corrupted cache entry that was rebuilt).
  std::vector<std::string> notes;
  /// Wall time of each stage run, in order, in milliseconds: "parse" (the
  /// context and the source), then the stages ("ttir", "ttgir", ...).
  std::vector<std::pair<std::string, double>> stageMilliseconds;
};

/// The name of the first stage of every target, produced by the core.
inline constexpr llvm::StringLiteral kTTIRStage = "ttir";

/// Compiles `source` (TTIR text; `sourceName` is used in messages) for
/// `target`. `registry` holds the core's and the loaded plugins' dialects.
/// On failure returns std::nullopt and sets `error` to one line.
std::optional<CompileResult> compileKernel(const mlir::DialectRegistry &registry,
                                           llvm::StringRef sourceName,
                                           llvm::StringRef source,
                                           const TargetBackend &target,
                                           const CompileOptions &options,
                                           std::string &error);

/// The names of `target`'s stages, starting with `ttir`.
std::vector<std::string> getStageNames(const TargetBackend &target);

/// The compiler's version string, recorded in every bundle.
llvm::StringRef getCompilerVersion();

} // namespace trident

#endif // TRIDENT_DRIVER_COMPILER_H

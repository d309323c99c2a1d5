//===- StagedRegistrar.h - Registrations before commit ---------*- C++ -*-===//
//
// The registrar a plugin's registration runs against. It only records: the
// host checks everything recorded for conflicts and commits it all, or
// nothing (PluginHost.cpp), so a plugin that fails half-way or conflicts
// leaves no dialect, pass or target behind. Private to core/Plugin.
//
//===----------------------------------------------------------------------===//

#ifndef TRIDENT_CORE_PLUGIN_STAGEDREGISTRAR_H
#define TRIDENT_CORE_PLUGIN_STAGEDREGISTRAR_H

#include "trident/Plugin/PluginAPI.h"

#include <optional>

namespace trident::plugin {

class StagedRegistrar final : public PluginRegistrar {
public:
  struct Pipeline {
    std::string name;
    std::string description;
    std::function<void(mlir::OpPassManager &)> builder;
  };

  void addDialects(std::function<void(mlir::DialectRegistry &)> fn) override {
    dialectFns.push_back(std::move(fn));
  }
  void addPass(std::function<std::unique_ptr<mlir::Pass>()> fn) override {
    passFns.push_back(std::move(fn));
  }
  void
  addPassPipeline(llvm::StringRef name, llvm::StringRef description,
                  std::function<void(mlir::OpPassManager &)> builder) override {
    pipelines.push_back({name.str(), description.str(), std::move(builder)});
  }
  void addTarget(std::unique_ptr<TargetBackend> target) override {
    targets.push_back(std::move(target));
  }
  /// Keeps the first failure: later ones are usually its consequences.
  void fail(llvm::StringRef message) override {
    if (!failure)
      failure = message.str();
  }

  std::vector<std::function<void(mlir::DialectRegistry &)>> dialectFns;
  std::vector<std::function<std::unique_ptr<mlir::Pass>()>> passFns;
  std::vector<Pipeline> pipelines;
  std::vector<std::unique_ptr<TargetBackend>> targets;
  std::optional<std::string> failure;
};

} // namespace trident::plugin

/// The C handle a plugin receives; only the core looks inside.
struct TridentRegistrar {
  trident::plugin::StagedRegistrar *staged = nullptr;
};

#endif // TRIDENT_CORE_PLUGIN_STAGEDREGISTRAR_H

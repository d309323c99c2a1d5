//===- IntelPlugin.cpp - Entry of the intel backend plugin ----------------===//
//
// The intel target (alias `xpu`): TTIR -> TTGIR -> TritonGEN -> LLVM (SPIR-V
// builtins) -> SPIR-V. The stages after TTIR are declared with what they will
// produce and report plainly that they are not available yet.
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/PluginAPI.h"

#include "LevelZeroRuntime.h"

using namespace trident;

namespace {
class IntelTarget : public TargetBackend {
public:
  llvm::StringRef getKind() const override { return "intel"; }
  std::vector<std::string> getAliases() const override { return {"xpu"}; }
  llvm::StringRef getDefaultArch() const override { return "pvc"; }

  mlir::LogicalResult normalizeArch(llvm::StringRef arch,
                                    std::string &normalized,
                                    std::string &error) const override {
    if (arch != "pvc" && arch != "bmg" && arch != "lnl") {
      error = "unknown intel architecture '" + arch.str() +
              "': expected pvc, bmg or lnl";
      return mlir::failure();
    }
    normalized = arch.str();
    return mlir::success();
  }

  /// Intel GPUs run sub-groups of 16 by default (32 is also possible).
  int getDefaultThreadsPerWarp(const TargetOptions &) const override {
    return 16;
  }

  std::vector<Stage> getStages() const override {
    return {Stage::planned("ttgir", "ttgir",
                           "the intel TTIR -> TTGIR conversion is not implemented yet"),
            Stage::planned("llir", "ll",
                           "the intel TTGIR -> TritonGEN -> LLVM lowering is not implemented yet"),
            Stage::planned("spirv", "spv",
                           "the intel LLVM -> SPIR-V code generation is not implemented yet")};
  }

  bool isDeviceAvailable(std::string &why) const override {
    char reason[512] = {0};
    if (tridentIntelProbeDevice(reason, sizeof(reason)))
      return true;
    why = reason;
    return false;
  }
};

void registerIntelPlugin(PluginRegistrar &registrar) {
  registrar.addTarget(std::make_unique<IntelTarget>());
}
} // namespace

TRIDENT_DEFINE_PLUGIN(intel, "0.1.0", registerIntelPlugin,
                      tridentIntelGetLevelZeroRuntime)

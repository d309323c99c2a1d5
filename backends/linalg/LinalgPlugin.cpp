//===- LinalgPlugin.cpp - Entry of the linalg (CPU) backend plugin --------===//
//
// The cpu target: TTIR -> linalg/tensor/memref -> LLVM -> host object ->
// shared library, run in process. The stages after TTIR are declared with
// what they will produce and report plainly that they are not available yet.
//
//===----------------------------------------------------------------------===//

#include "trident/Plugin/PluginAPI.h"

using namespace trident;

namespace {
class CpuTarget : public TargetBackend {
public:
  llvm::StringRef getKind() const override { return "cpu"; }
  /// The cpu target compiles for the machine it runs on: its canonical
  /// string is plain `cpu`, and `cpu:host` means the same.
  mlir::LogicalResult normalizeArch(llvm::StringRef arch,
                                    std::string &normalized,
                                    std::string &error) const override {
    if (!arch.empty() && arch != "host") {
      error = "unknown cpu architecture '" + arch.str() +
              "': the cpu target compiles for the host ('cpu' or 'cpu:host')";
      return mlir::failure();
    }
    normalized.clear();
    return mlir::success();
  }

  /// One "warp" of one thread: a CPU program instance is sequential code.
  int getDefaultThreadsPerWarp(const TargetOptions &) const override {
    return 1;
  }

  std::vector<Stage> getStages() const override {
    return {Stage::planned("linalg", "mlir",
                           "the cpu TTIR -> linalg lowering is not implemented yet"),
            Stage::planned("llir", "ll",
                           "the cpu linalg -> LLVM lowering is not implemented yet"),
            Stage::planned("obj", "so",
                           "the cpu host object and shared library step is not implemented yet")};
  }

  bool isDeviceAvailable(std::string &why) const override {
    why = "the cpu runtime (in-process launcher) is not implemented yet";
    return false;
  }
};

void registerLinalgPlugin(PluginRegistrar &registrar) {
  registrar.addTarget(std::make_unique<CpuTarget>());
}
} // namespace

TRIDENT_DEFINE_PLUGIN(linalg, "0.1.0", registerLinalgPlugin, nullptr)

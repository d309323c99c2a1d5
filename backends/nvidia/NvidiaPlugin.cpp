//===- NvidiaPlugin.cpp - Entry of the nvidia backend plugin --------------===//
//
// The nvidia target (alias `cuda`): TTIR -> TTGIR -> LLVM (NVVM) -> PTX ->
// cubin. The stages after TTIR are declared with what they will produce and
// report plainly that they are not available until their lowering exists.
//
// The plugin's IR: the ttng dialect, and #ttg.nvidia_mma / #ttg.nvmma_shared
// added to the ttg dialect through its layout registry, so that TTGIR dumped
// by Triton for NVIDIA GPUs parses unmodified.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trident/Plugin/PluginAPI.h"

#include "llvm/ADT/StringExtras.h"

using namespace trident;

namespace {
class NvidiaTarget : public TargetBackend {
public:
  llvm::StringRef getKind() const override { return "nvidia"; }
  std::vector<std::string> getAliases() const override { return {"cuda"}; }
  llvm::StringRef getDefaultArch() const override { return "sm_90"; }

  /// Accepts `sm_80`, `sm_90`, `sm_90a` and the bare `80`/`90` of `cuda:90`.
  mlir::LogicalResult normalizeArch(llvm::StringRef arch,
                                    std::string &normalized,
                                    std::string &error) const override {
    llvm::StringRef digits = arch;
    digits.consume_front("sm_");
    llvm::StringRef suffix = digits.drop_while(llvm::isDigit);
    llvm::StringRef number = digits.take_while(llvm::isDigit);
    unsigned capability = 0;
    if (number.empty() || number.getAsInteger(10, capability) ||
        !(suffix.empty() || suffix == "a") || capability < 80) {
      error = "unknown nvidia architecture '" + arch.str() +
              "': expected sm_80 or newer, e.g. sm_90, sm_90a or 90";
      return mlir::failure();
    }
    normalized = ("sm_" + number + suffix).str();
    return mlir::success();
  }

  std::vector<Stage> getStages() const override {
    return {
        Stage::planned(
            "ttgir", "ttgir",
            "the nvidia TTIR -> TTGIR conversion is not implemented yet"),
        Stage::planned(
            "llir", "ll",
            "the nvidia TTGIR -> LLVM (NVVM) lowering is not implemented yet"),
        Stage::planned(
            "ptx", "ptx",
            "the nvidia LLVM -> PTX code generation is not implemented yet"),
        Stage::planned(
            "cubin", "cubin",
            "the nvidia PTX -> cubin step (ptxas) is not implemented yet")};
  }

  bool isDeviceAvailable(std::string &why) const override {
    why = "the nvidia runtime (CUDA driver launcher) is not implemented yet";
    return false;
  }
};

void registerNvidiaPlugin(PluginRegistrar &registrar) {
  registrar.addDialects([](mlir::DialectRegistry &registry) {
    mlir::triton::nvidia_gpu::registerNvidiaDialects(registry);
  });
  registrar.addTarget(std::make_unique<NvidiaTarget>());
}
} // namespace

TRIDENT_DEFINE_PLUGIN(nvidia, "0.1.0", registerNvidiaPlugin, nullptr)

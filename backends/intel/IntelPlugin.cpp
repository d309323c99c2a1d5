//===- IntelPlugin.cpp - Entry of the intel backend plugin ----------------===//
//
// The intel target (alias `xpu`): TTIR -> TTGIR (the core's trident-ttgir,
// sub-groups of 16 by default, dots moved to the DPAS layouts by
// intel-accelerate-matmul) -> LLVM (the core patterns with the Intel
// TargetInfo, TritonGEN, SPIR-V builtin calls) -> SPIR-V (LLVM's in-tree
// SPIR-V target, lib/Target/CodeGen.cpp).
//
//===----------------------------------------------------------------------===//

#include "intel/Conversion/TritonGPUToLLVM/Passes.h"
#include "intel/Dialect/TritonGEN/IR/Dialect.h"
#include "intel/Dialect/TritonIntelGPU/IR/Dialect.h"
#include "intel/Dialect/TritonIntelGPU/Transforms/Passes.h"
#include "intel/Target/CodeGen.h"
#include "trident/Conversion/TritonGPUToLLVM/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Plugin/PluginAPI.h"

#include "LevelZeroRuntime.h"

#include "mlir/Transforms/Passes.h"

using namespace trident;

namespace {

/// The `llir` stage's passes: shared memory placed, barriers inserted, then
/// TTGIR to the LLVM dialect.
void buildLLIRPipeline(mlir::OpPassManager &pm) {
  trident::buildTTGIRToLLVMPipeline(
      pm, mlir::triton::intel::createConvertTritonGPUToLLVM());
}

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
    Stage ttgir;
    ttgir.name = "ttgir";
    ttgir.extension = "mlir";
    ttgir.buildPipeline = [](mlir::OpPassManager &pm,
                             const TargetOptions &options) {
      trident::TTGIROptions ttgirOptions;
      ttgirOptions.numWarps = options.numWarps;
      ttgirOptions.threadsPerWarp =
          options.threadsPerWarp > 0 ? options.threadsPerWarp : 16;
      ttgirOptions.numCTAs = options.numCtas;
      ttgirOptions.target =
          "xpu:" + (options.arch.empty() ? std::string("pvc") : options.arch);
      // Dots that DPAS computes move to its layouts where the core pipeline
      // lets a backend choose its matrix-unit layouts; the others stay on
      // the FMA path.
      ttgirOptions.addAccelerateMatmulPasses = [](mlir::OpPassManager &pm) {
        pm.addPass(mlir::triton::intel::createIntelAccelerateMatmul());
      };
      // The intel target links no libdevice: what OpenCL built-ins compute
      // stays for the llir stage, the rest the core expands.
      pm.addPass(mlir::triton::intel::createIntelExpandLibdevice());
      trident::buildTTGIRPipeline(pm, ttgirOptions);
      return mlir::success();
    };

    Stage llir;
    llir.name = "llir";
    llir.extension = "ll";
    llir.buildPipeline = [](mlir::OpPassManager &pm, const TargetOptions &) {
      buildLLIRPipeline(pm);
      return mlir::success();
    };
    llir.emit = [](mlir::ModuleOp module, llvm::StringRef,
                   const TargetOptions &,
                   std::string &error) -> mlir::FailureOr<std::string> {
      std::optional<std::string> text =
          mlir::triton::intel::translateToLLVMIR(module, error);
      if (!text)
        return mlir::failure();
      return std::move(*text);
    };

    Stage spirv;
    spirv.name = "spirv";
    spirv.extension = "spv";
    spirv.emit = [](mlir::ModuleOp, llvm::StringRef llvmIR,
                    const TargetOptions &,
                    std::string &error) -> mlir::FailureOr<std::string> {
      std::optional<std::string> binary =
          mlir::triton::intel::compileToSPIRV(llvmIR, error);
      if (!binary)
        return mlir::failure();
      return std::move(*binary);
    };
    return {ttgir, llir, spirv};
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
  registrar.addDialects([](mlir::DialectRegistry &registry) {
    mlir::triton::TritonGEN::registerTritonGENDialect(registry);
    mlir::triton::intel::registerIntelLayouts(registry);
    mlir::triton::intel::registerIntelTranslations(registry);
  });
  registrar.addPass(
      [] { return mlir::triton::intel::createIntelAccelerateMatmul(); });
  registrar.addPass(
      [] { return mlir::triton::intel::createIntelExpandLibdevice(); });
  registrar.addPass(
      [] { return mlir::triton::intel::createConvertTritonGPUToLLVM(); });
  registrar.addPass(
      [] { return mlir::triton::intel::createConvertTritonGENToLLVM(); });
  registrar.addTarget(std::make_unique<IntelTarget>());
}
} // namespace

TRIDENT_DEFINE_PLUGIN(intel, "0.1.0", registerIntelPlugin,
                      tridentIntelGetLevelZeroRuntime)

//===- LinalgPlugin.cpp - Entry of the linalg (CPU) backend plugin --------===//
//
// The cpu target: TTIR -> linalg/tensor/memref (`linalg`, the pass
// linalg-triton-to-linalg) -> LLVM IR (`llir`, the pipeline linalg-to-llvm
// and the translation) -> a host shared library (`obj`, compiled for the
// host CPU and linked with lld in process), run in process by the runtime
// half (runtime/CpuRuntime.cpp) over a thread pool.
//
//===----------------------------------------------------------------------===//

#include "linalg/Conversion/TritonToLinalg/Passes.h"
#include "linalg/Target/CodeGen.h"
#include "linalg/Transforms/Passes.h"
#include "linalg/Transforms/Pipelines.h"
#include "runtime/CpuRuntime.h"

#include "trident/Dialect/Triton/Transforms/Passes.h"
#include "trident/Plugin/PluginAPI.h"
#include "trident/Target/HostCodeGen.h"

using namespace trident;

namespace {

void buildTritonToLinalgPipeline(mlir::OpPassManager &pm) {
  // The cpu target links no libdevice: it computes libdevice's functions
  // from arith and math ops (the core's expansion) and the C math library.
  pm.addPass(mlir::triton::createTritonExpandLibdevice());
  pm.addPass(mlir::triton::cpu::createTritonToLinalg());
}

/// The option `streaming-min-bytes=N` (`--opt`): stores stream past the
/// caches from N bytes a launch, 0 never; the host's default when unset.
mlir::FailureOr<std::optional<int64_t>>
getStreamingMinBytes(const TargetOptions &options, std::string &error) {
  auto it = options.extra.find("streaming-min-bytes");
  if (it == options.extra.end())
    return std::optional<int64_t>();
  int64_t bytes = 0;
  if (llvm::StringRef(it->getValue()).getAsInteger(10, bytes) || bytes < 0) {
    error = "option 'streaming-min-bytes' takes a number of bytes (0: never), "
            "got '" +
            it->getValue() + "'";
    return mlir::failure();
  }
  return std::optional<int64_t>(bytes);
}

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
    Stage linalg;
    linalg.name = "linalg";
    linalg.extension = "mlir";
    linalg.buildPipeline = [](mlir::OpPassManager &pm, const TargetOptions &) {
      buildTritonToLinalgPipeline(pm);
      return mlir::success();
    };

    Stage llir;
    llir.name = "llir";
    llir.extension = "ll";
    llir.buildPipeline = [](mlir::OpPassManager &pm,
                            const TargetOptions &options) {
      // A value that is no number of bytes is reported by the emit step,
      // which can say so (a pipeline builder reports no message).
      std::string error;
      mlir::FailureOr<std::optional<int64_t>> streaming =
          getStreamingMinBytes(options, error);
      mlir::triton::cpu::buildLinalgToLLVMPipeline(
          pm, mlir::succeeded(streaming) ? *streaming : std::nullopt);
      return mlir::success();
    };
    llir.emit = [](mlir::ModuleOp module, llvm::StringRef,
                   const TargetOptions &options,
                   std::string &error) -> mlir::FailureOr<std::string> {
      if (mlir::failed(getStreamingMinBytes(options, error)))
        return mlir::failure();
      std::optional<std::string> text =
          mlir::triton::cpu::translateToLLVMIRText(module, error);
      if (!text)
        return mlir::failure();
      return std::move(*text);
    };

    Stage obj;
    obj.name = "obj";
    obj.extension = "so";
    obj.emit = [](mlir::ModuleOp, llvm::StringRef llvmIR, const TargetOptions &,
                  std::string &error) -> mlir::FailureOr<std::string> {
      std::optional<std::string> library =
          trident::compileToHostSharedLibrary(llvmIR, error);
      if (!library)
        return mlir::failure();
      return std::move(*library);
    };
    return {linalg, llir, obj};
  }

  /// `streaming-min-bytes=N` (getStreamingMinBytes).
  std::vector<std::string> getOptionNames() const override {
    return {"streaming-min-bytes"};
  }

  bool isDeviceAvailable(std::string &why) const override {
    why.clear();
    return true;
  }
};

void registerLinalgPlugin(PluginRegistrar &registrar) {
  registrar.addDialects(mlir::triton::cpu::registerCodeGenDialects);
  registrar.addPass([] { return mlir::triton::cpu::createTritonToLinalg(); });
  registrar.addPass([] { return mlir::triton::cpu::createEmitCpuEntry(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createMemRefCopyToLinalg(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuFuseElementwise(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuWidenContractionOperands(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuWidenBooleanTensors(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuStripMineElementwise(); });
  registrar.addPass([] { return mlir::triton::cpu::createCpuVectorize(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createPromoteTileBuffers(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createHoistLoopAllocas(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createForwardTileCopies(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuApproximateMath(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuLowerMultiReduction(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuForwardMatmulOperands(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuRegisterTileMatmul(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuInterchangeContractions(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuTransposeCopies(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuStreamingStores(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createCpuUnmaskWholeTiles(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createExpandFloat8Casts(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createExpandGenericAtomics(); });
  registrar.addPass(
      [] { return mlir::triton::cpu::createDefineAtomicHelpers(); });
  registrar.addPassPipeline(
      "linalg-ttir-to-linalg",
      "The cpu target's `linalg` stage: TTIR to linalg, tensor and memref",
      buildTritonToLinalgPipeline);
  mlir::triton::cpu::registerLinalgToLLVMPasses();
  registrar.addPassPipeline(
      "linalg-to-llvm",
      "The cpu target's `llir` stage: linalg on tensors to the LLVM dialect, "
      "with the runtime's entry point",
      [](mlir::OpPassManager &pm) {
        mlir::triton::cpu::buildLinalgToLLVMPipeline(pm);
      });
  registrar.addTarget(std::make_unique<CpuTarget>());
}

} // namespace

TRIDENT_DEFINE_PLUGIN(linalg, "0.1.0", registerLinalgPlugin,
                      tridentLinalgGetCpuRuntime)

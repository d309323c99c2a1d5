//===- NvidiaPlugin.cpp - Entry of the nvidia backend plugin --------------===//
//
// The nvidia target (alias `cuda`): TTIR -> TTGIR -> LLVM (NVVM) -> PTX ->
// cubin. PTX comes from LLVM's NVPTX target in process and the cubin from
// ptxas (lib/Target/CodeGen.cpp); a stage whose lowering does not exist yet
// is declared with what it will produce and says plainly that it is not
// available.
//
// The plugin's IR: the ttng dialect, and #ttg.nvidia_mma / #ttg.nvmma_shared
// added to the ttg dialect through its layout registry, so that TTGIR dumped
// by Triton for NVIDIA GPUs parses unmodified.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Passes.h"
#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "nvidia/Target/CodeGen.h"
#include "runtime/CudaRuntime.h"
#include "trident/Conversion/TritonGPUToLLVM/Passes.h"
#include "trident/Dialect/TritonGPU/Transforms/Passes.h"
#include "trident/Plugin/PluginAPI.h"

#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"

using namespace trident;

namespace {
/// The architecture of a compilation (the target's default when none).
std::string getArch(const TargetOptions &options) {
  return options.arch.empty() ? "sm_90" : options.arch;
}

/// The architecture LLVM and ptxas generate code for: Hopper's wgmma (and
/// setmaxnreg) exist only in the arch-specific sm_90a, whose cubins run on
/// exactly the devices sm_90's do, so sm_90 compiles as sm_90a.
std::string getCodeGenArch(const TargetOptions &options) {
  std::string arch = getArch(options);
  return arch == "sm_90" ? "sm_90a" : arch;
}

/// The code generation options given with `--opt`: `fp-fusion=on|off`.
std::optional<mlir::triton::nvidia_gpu::CodeGenOptions>
getCodeGenOptions(const TargetOptions &options, std::string &error) {
  mlir::triton::nvidia_gpu::CodeGenOptions codeGen;
  auto fusion = options.extra.find("fp-fusion");
  if (fusion == options.extra.end())
    return codeGen;
  llvm::StringRef value = fusion->getValue();
  if (value == "on" || value == "1" || value == "true")
    codeGen.fuseFloatOps = true;
  else if (value == "off" || value == "0" || value == "false")
    codeGen.fuseFloatOps = false;
  else {
    error = "option 'fp-fusion' takes on or off, got '" + value.str() + "'";
    return std::nullopt;
  }
  return codeGen;
}

/// The sm_XY number of an architecture ("sm_90a" -> 90).
int getComputeCapability(llvm::StringRef arch) {
  arch.consume_front("sm_");
  int capability = 90;
  arch.take_while(llvm::isDigit).getAsInteger(10, capability);
  return capability;
}

/// The `ttgir` stage's passes: the core's trident-ttgir pipeline with the
/// launch shape of the compilation, then the core's ttg-pipeline and
/// ttg-slice-dot-operands.
void buildTTGIRPipeline(mlir::OpPassManager &pm, const TargetOptions &options,
                        llvm::StringRef arch) {
  trident::TTGIROptions ttgir;
  ttgir.numWarps = options.numWarps;
  ttgir.threadsPerWarp =
      options.threadsPerWarp > 0 ? options.threadsPerWarp : 32;
  ttgir.numCTAs = options.numCtas;
  int capability = getComputeCapability(arch);
  ttgir.target = ("cuda:" + llvm::Twine(capability)).str();
  // sm_80+: dots move to the mma.sync layouts where the core pipeline lets a
  // backend choose its matrix-unit layouts (the order upstream Triton uses),
  // so that dot operands go through shared memory straight into them.
  if (capability >= 80)
    ttgir.addAccelerateMatmulPasses = [capability](mlir::OpPassManager &pm) {
      mlir::triton::nvidia_gpu::AccelerateMatmulOptions accelerate;
      accelerate.computeCapability = capability;
      pm.addPass(mlir::triton::nvidia_gpu::createAccelerateMatmul(accelerate));
    };
  trident::buildTTGIRPipeline(pm, ttgir);
  // sm_80+ copies global memory to shared memory asynchronously (cp.async):
  // the loads feeding dots start num_stages - 1 iterations ahead.
  if (capability >= 80 && options.numStages >= 2) {
    mlir::triton::gpu::TritonGPUPipelineOptions pipeline;
    pipeline.numStages = options.numStages;
    pm.addPass(mlir::triton::gpu::createTritonGPUPipeline(pipeline));
    pm.addPass(mlir::createCanonicalizerPass());
  }
  // mma.sync takes 16 of K at a time: reading the operands from shared
  // memory one such step at a time keeps a 128x256x64 tile in registers.
  if (capability >= 80)
    pm.addPass(mlir::triton::gpu::createTritonGPUSliceDotOperands());
  // wgmma reads shared memory through the async proxy: stores from
  // registers into its operands need a proxy fence.
  if (capability == 90)
    pm.addPass(mlir::triton::nvidia_gpu::createFenceInsertion());
  // A pipelined wgmma runs on while the loop waits for the next operands.
  if (capability == 90 && options.numStages >= 2)
    pm.addPass(mlir::triton::nvidia_gpu::createAsyncWarpGroupDot());
}

/// The `llir` stage's passes: shared memory placed, barriers inserted, then
/// TTGIR to the LLVM and NVVM dialects.
void buildLLIRPipeline(mlir::OpPassManager &pm, int computeCapability) {
  mlir::triton::nvidia_gpu::ConvertTritonGPUToLLVMOptions options;
  options.computeCapability = computeCapability;
  trident::buildTTGIRToLLVMPipeline(
      pm, mlir::triton::nvidia_gpu::createConvertTritonGPUToLLVM(options));
}

class NvidiaTarget : public TargetBackend {
public:
  llvm::StringRef getKind() const override { return "nvidia"; }
  std::vector<std::string> getAliases() const override { return {"cuda"}; }
  llvm::StringRef getDefaultArch() const override { return "sm_90"; }
  /// `fp-fusion=on|off` (getCodeGenOptions).
  std::vector<std::string> getOptionNames() const override {
    return {"fp-fusion"};
  }

  /// Accepts `sm_80`, `sm_90`, `sm_90a` and the bare `80`/`90` of `cuda:90`.
  mlir::LogicalResult normalizeArch(llvm::StringRef arch,
                                    std::string &normalized,
                                    std::string &error) const override {
    llvm::StringRef digits = arch;
    digits.consume_front("sm_");
    llvm::StringRef suffix = digits.drop_while(llvm::isDigit);
    llvm::StringRef number = digits.take_while(llvm::isDigit);
    unsigned capability = 0;
    std::string candidate = ("sm_" + number + suffix).str();
    if (number.empty() || number.getAsInteger(10, capability) ||
        !(suffix.empty() || suffix == "a") || capability < 80 ||
        !mlir::triton::nvidia_gpu::isKnownArch(candidate)) {
      error = "unknown nvidia architecture '" + arch.str() +
              "': expected sm_80 or newer, e.g. sm_90, sm_90a or 90";
      return mlir::failure();
    }
    normalized = candidate;
    return mlir::success();
  }

  std::vector<Stage> getStages() const override {
    return {makeTTGIRStage(), makeLLIRStage(), makePtxStage(),
            makeCubinStage()};
  }

  /// TTIR -> TTGIR (layouts, coalescing, layout-conversion removal).
  static Stage makeTTGIRStage() {
    Stage ttgir;
    ttgir.name = "ttgir";
    ttgir.extension = "mlir";
    ttgir.buildPipeline = [](mlir::OpPassManager &pm,
                             const TargetOptions &options) {
      buildTTGIRPipeline(pm, options, getArch(options));
      return mlir::success();
    };
    return ttgir;
  }

  /// TTGIR -> LLVM + NVVM dialects (the core patterns with the NVVM
  /// TargetInfo), then LLVM IR: NVPTX triple, libdevice, O3.
  static Stage makeLLIRStage() {
    Stage llir;
    llir.name = "llir";
    llir.extension = "ll";
    llir.buildPipeline = [](mlir::OpPassManager &pm,
                            const TargetOptions &options) {
      buildLLIRPipeline(pm, getComputeCapability(getArch(options)));
      return mlir::success();
    };
    llir.emit = [](mlir::ModuleOp module, llvm::StringRef,
                   const TargetOptions &options,
                   std::string &error) -> mlir::FailureOr<std::string> {
      std::optional<mlir::triton::nvidia_gpu::CodeGenOptions> codeGen =
          getCodeGenOptions(options, error);
      if (!codeGen)
        return mlir::failure();
      std::optional<std::string> text =
          mlir::triton::nvidia_gpu::translateToLLVMIR(
              module, getCodeGenArch(options), error, *codeGen);
      if (!text)
        return mlir::failure();
      return std::move(*text);
    };
    return llir;
  }

  /// LLVM IR -> PTX with LLVM's NVPTX target, in process.
  static Stage makePtxStage() {
    Stage ptx;
    ptx.name = "ptx";
    ptx.extension = "ptx";
    ptx.emit = [](mlir::ModuleOp, llvm::StringRef llvmIR,
                  const TargetOptions &options,
                  std::string &error) -> mlir::FailureOr<std::string> {
      std::optional<mlir::triton::nvidia_gpu::CodeGenOptions> codeGen =
          getCodeGenOptions(options, error);
      if (!codeGen)
        return mlir::failure();
      std::optional<std::string> text = mlir::triton::nvidia_gpu::compileToPTX(
          llvmIR, getCodeGenArch(options), error, *codeGen);
      if (!text)
        return mlir::failure();
      return std::move(*text);
    };
    return ptx;
  }

  /// PTX -> cubin with ptxas (TRIDENT_PTXAS, CUDA_HOME or PATH).
  static Stage makeCubinStage() {
    Stage cubin;
    cubin.name = "cubin";
    cubin.extension = "cubin";
    cubin.emit = [](mlir::ModuleOp, llvm::StringRef ptx,
                    const TargetOptions &options,
                    std::string &error) -> mlir::FailureOr<std::string> {
      std::optional<std::string> binary =
          mlir::triton::nvidia_gpu::assembleCubin(ptx, getCodeGenArch(options),
                                                  error);
      if (!binary)
        return mlir::failure();
      return std::move(*binary);
    };
    return cubin;
  }

  bool isDeviceAvailable(std::string &why) const override {
    char reason[512] = {0};
    if (tridentNvidiaProbeDevice(reason, sizeof(reason))) {
      why.clear();
      return true;
    }
    why = reason;
    return false;
  }
};

void registerNvidiaPlugin(PluginRegistrar &registrar) {
  registrar.addDialects([](mlir::DialectRegistry &registry) {
    mlir::triton::nvidia_gpu::registerNvidiaDialects(registry);
    mlir::triton::nvidia_gpu::registerNvidiaTranslations(registry);
  });
  registrar.addPass(
      [] { return mlir::triton::nvidia_gpu::createConvertTritonGPUToLLVM(); });
  registrar.addPass(
      [] { return mlir::triton::nvidia_gpu::createAccelerateMatmul(); });
  registrar.addPass(
      [] { return mlir::triton::nvidia_gpu::createFenceInsertion(); });
  registrar.addPass(
      [] { return mlir::triton::nvidia_gpu::createAsyncWarpGroupDot(); });
  registrar.addTarget(std::make_unique<NvidiaTarget>());
}
} // namespace

TRIDENT_DEFINE_PLUGIN(nvidia, "0.1.0", registerNvidiaPlugin,
                      tridentNvidiaGetCudaRuntime)

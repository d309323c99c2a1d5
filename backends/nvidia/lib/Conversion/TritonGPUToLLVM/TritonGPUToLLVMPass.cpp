//===- TritonGPUToLLVMPass.cpp - nvidia-convert-triton-gpu-to-llvm --------===//
//
// The core's TritonGPU -> LLVM conversion (convertTritonGPUToLLVM) with the
// NVVM TargetInfo, libdevice calls for the math functions and the nvidia
// patterns (mma, wgmma, ldmatrix/stmatrix, fp8 conversions).
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Passes.h"
#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/TargetInfo/TargetInfo.h"

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Transforms/DialectConversion.h"

#define DEBUG_TYPE "nvidia-convert-triton-gpu-to-llvm"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "nvidia/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton::nvidia_gpu;

namespace {

struct ConvertTritonGPUToLLVM
    : public mlir::triton::nvidia_gpu::impl::ConvertTritonGPUToLLVMBase<
          ConvertTritonGPUToLLVM> {
  using ConvertTritonGPUToLLVMBase::ConvertTritonGPUToLLVMBase;

  void runOnOperation() override {
    // Assembly LLVM would abort on is the input's fault: one error, before
    // anything is rewritten.
    if (failed(verifyInlineAsmLowerable(getOperation())))
      return signalPassFailure();
    NVVMTargetInfo targetInfo(computeCapability);
    triton::TritonGPUToLLVMHooks hooks;
    hooks.addPatterns = [&](triton::TritonGPUToLLVMTypeConverter &converter,
                            RewritePatternSet &patterns) {
      // Math functions NVPTX has no instruction for (exp, log, erf, tanh,
      // ...) become libdevice calls, linked in by the llir stage; ahead of
      // MLIR's math -> LLVM intrinsics.
      populateLibDeviceConversionPatterns(converter, patterns,
                                          /*benefit=*/10);
      populateElementwiseOpToLLVMPatterns(converter, patterns,
                                          /*benefit=*/10);
      mlir::triton::nvidia_gpu::populateDotOpToLLVMPatterns(
          converter, patterns, computeCapability, /*benefit=*/10);
      mlir::triton::nvidia_gpu::populateLocalLoadOpToLLVMPatterns(
          converter, patterns, targetInfo,
          /*benefit=*/10);
      mlir::triton::nvidia_gpu::populateConvertLayoutOpToLLVMPatterns(
          converter, patterns, targetInfo, computeCapability,
          /*benefit=*/10);
      populateFpToFpOpToLLVMPatterns(converter, patterns, computeCapability,
                                     /*benefit=*/10);
      mlir::triton::nvidia_gpu::populateWarpGroupDotOpToLLVMPatterns(
          converter, patterns, targetInfo,
          /*benefit=*/10);
    };
    hooks.configureTarget = [](ConversionTarget &target) {
      target.addLegalDialect<NVVM::NVVMDialect>();
      target.addIllegalDialect<TritonNvidiaGPUDialect>();
    };
    if (failed(
            triton::convertTritonGPUToLLVM(getOperation(), targetInfo, hooks)))
      signalPassFailure();
  }
};

} // namespace

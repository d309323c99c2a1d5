//===- TritonGPUToLLVMPass.cpp - nvidia-convert-triton-gpu-to-llvm --------===//
//
// The core's generic TritonGPU -> LLVM patterns with the NVVM TargetInfo and
// pointer facts from the axis analysis, and libdevice calls for the math
// functions; scf is lowered to cf first.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Conversion/TritonGPUToLLVM/Passes.h"
#include "nvidia/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/TargetInfo/TargetInfo.h"

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trident/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    {
      RewritePatternSet patterns(context);
      populateSCFToControlFlowConversionPatterns(patterns);
      ConversionTarget target(*context);
      target.addIllegalDialect<scf::SCFDialect>();
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    NVVMTargetInfo targetInfo(computeCapability);
    auto pointerInfo = triton::createAxisInfoPointerInfo(module);
    LowerToLLVMOptions options(context);
    triton::TritonGPUToLLVMTypeConverter typeConverter(context, options,
                                                       targetInfo);
    RewritePatternSet patterns(context);
    triton::populateTritonGPUToLLVMPatterns(typeConverter, patterns, targetInfo,
                                            pointerInfo);
    // Math functions NVPTX has no instruction for (exp, log, erf, tanh,
    // ...) become libdevice calls, linked in by the llir stage; ahead of
    // MLIR's math -> LLVM intrinsics.
    populateLibDeviceConversionPatterns(typeConverter, patterns,
                                        /*benefit=*/10);
    populateElementwiseOpToLLVMPatterns(typeConverter, patterns,
                                        /*benefit=*/10);
    mlir::triton::nvidia_gpu::populateDotOpToLLVMPatterns(typeConverter,
                                                          patterns,
                                                          /*benefit=*/10);
    mlir::triton::nvidia_gpu::populateLocalLoadOpToLLVMPatterns(
        typeConverter, patterns, targetInfo, /*benefit=*/10);
    mlir::triton::nvidia_gpu::populateConvertLayoutOpToLLVMPatterns(
        typeConverter, patterns, targetInfo, computeCapability,
        /*benefit=*/10);
    populateFpToFpOpToLLVMPatterns(typeConverter, patterns, computeCapability,
                                   /*benefit=*/10);
    mlir::triton::nvidia_gpu::populateWarpGroupDotOpToLLVMPatterns(
        typeConverter, patterns, targetInfo, /*benefit=*/10);
    ConversionTarget target(*context);
    triton::configureTritonGPUToLLVMTarget(target);
    target.addLegalDialect<NVVM::NVVMDialect>();
    target.addIllegalDialect<TritonNvidiaGPUDialect>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    triton::reconcileElementCasts(module);
  }
};

} // namespace

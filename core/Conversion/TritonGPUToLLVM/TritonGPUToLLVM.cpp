//===- TritonGPUToLLVM.cpp - All generic patterns and the target ----------===//
//
// The public entries a GPU plugin calls: from its own conversion pass,
// every generic pattern of this directory plus MLIR's scalar arith, math,
// control-flow and ub lowerings (convertTritonGPUToLLVM); around that pass,
// the `llir` stage's pass order (trident::buildTTGIRToLLVMPipeline).
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trident/Conversion/TritonGPUToLLVM/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::triton;

void mlir::triton::populateTritonGPUToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const trident::TargetInfoBase &targetInfo,
    std::shared_ptr<const PointerInfoProvider> pointerInfo,
    PatternBenefit benefit) {
  populateFuncOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  populateSPMDOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  populateElementwiseOpToLLVMPatterns(typeConverter, patterns, targetInfo,
                                      pointerInfo, benefit);
  populateLoadStoreOpToLLVMPatterns(typeConverter, patterns, targetInfo,
                                    pointerInfo, benefit);
  populateReduceOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  populateScanOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  populateViewOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  populateAtomicOpToLLVMPatterns(typeConverter, patterns, targetInfo,
                                 std::move(pointerInfo), benefit);
  populateDotOpToLLVMPatterns(typeConverter, patterns, benefit);
  populateShapeOpToLLVMPatterns(typeConverter, patterns, benefit);
  populateMemoryOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  populateHistogramOpToLLVMPatterns(typeConverter, patterns, targetInfo,
                                    benefit);
  populateGatherOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  populateDebugOpToLLVMPatterns(typeConverter, patterns, targetInfo, benefit);
  arith::populateArithToLLVMConversionPatterns(typeConverter, patterns);
  populateMathToLLVMConversionPatterns(typeConverter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(typeConverter, patterns);
  ub::populateUBToLLVMConversionPatterns(typeConverter, patterns);
}

void mlir::triton::configureTritonGPUToLLVMTarget(ConversionTarget &target) {
  target.addLegalDialect<LLVM::LLVMDialect>();
  target.addIllegalDialect<TritonDialect, triton::gpu::TritonGPUDialect,
                           arith::ArithDialect, math::MathDialect,
                           cf::ControlFlowDialect, scf::SCFDialect,
                           mlir::gpu::GPUDialect, ub::UBDialect>();
  target.addLegalOp<ModuleOp>();
  // The bridges of floats kept as integer bits (TensorArithMathPattern).
  target.addLegalOp<UnrealizedConversionCastOp>();
}

void mlir::triton::reconcileElementCasts(ModuleOp module) {
  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  reconcileUnrealizedCasts(casts);
}

LogicalResult mlir::triton::convertStructuredControlFlow(ModuleOp module) {
  MLIRContext *context = module.getContext();
  RewritePatternSet patterns(context);
  populateSCFToControlFlowConversionPatterns(patterns);
  ConversionTarget target(*context);
  target.addIllegalDialect<scf::SCFDialect>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(module, target, std::move(patterns));
}

LogicalResult
mlir::triton::convertTritonGPUToLLVM(ModuleOp module,
                                     const trident::TargetInfoBase &targetInfo,
                                     const TritonGPUToLLVMHooks &hooks) {
  MLIRContext *context = module.getContext();
  // Structured control flow first: the patterns below lower branches, and
  // the per-register code of a region is easier to emit in blocks.
  if (failed(convertStructuredControlFlow(module)))
    return failure();

  auto pointerInfo = createAxisInfoPointerInfo(module);
  LowerToLLVMOptions options(context);
  TritonGPUToLLVMTypeConverter typeConverter(context, options, targetInfo);
  if (hooks.addTypeConversions)
    hooks.addTypeConversions(typeConverter);
  RewritePatternSet patterns(context);
  populateTritonGPUToLLVMPatterns(typeConverter, patterns, targetInfo,
                                  pointerInfo);
  if (hooks.addPatterns)
    hooks.addPatterns(typeConverter, patterns);
  ConversionTarget target(*context);
  configureTritonGPUToLLVMTarget(target);
  if (hooks.configureTarget)
    hooks.configureTarget(target);
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return failure();
  reconcileElementCasts(module);
  return success();
}

void trident::buildTTGIRToLLVMPipeline(OpPassManager &pm,
                                       std::unique_ptr<Pass> lowering) {
  pm.addPass(createTritonGPUAllocateSharedMemory());
  pm.addPass(createTritonGPUInsertBarriers());
  pm.addPass(std::move(lowering));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

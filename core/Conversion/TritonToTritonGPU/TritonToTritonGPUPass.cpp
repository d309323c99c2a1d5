//===- TritonToTritonGPUPass.cpp - convert-triton-to-tritongpu ------------===//
//
// Checks the launch shape, converts every function with the patterns of
// TritonToTritonGPU.cpp, and records the launch shape on the module.
//
//===----------------------------------------------------------------------===//

#include "trident/Conversion/TritonToTritonGPU/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "convert-triton-to-tritongpu"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "trident/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The 0-d tensor type `type` is or points to (a block pointer), if any.
RankedTensorType getZeroRankTensor(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    type = ptr.getPointeeType();
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (tensor && tensor.getRank() == 0 && !tensor.getEncoding())
    return tensor;
  return RankedTensorType();
}

/// Reports every op that takes, yields or declares a 0-d tensor: no layout
/// distributes one over threads, so TTGIR cannot hold it (Triton's frontend
/// uses scalars instead).
LogicalResult checkNoZeroRankTensors(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      llvm::append_range(types, func.getArgumentTypes());
      llvm::append_range(types, func.getResultTypes());
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        llvm::append_range(types, block.getArgumentTypes());
    for (Type type : types) {
      if (RankedTensorType tensor = getZeroRankTensor(type)) {
        op->emitOpError() << "convert-triton-to-tritongpu: the 0-d tensor "
                          << tensor << " has no distributed layout; use a "
                          << "scalar or a tensor of one element";
        found = true;
        return;
      }
    }
  });
  return failure(found);
}

struct ConvertTritonToTritonGPUPass
    : public mlir::triton::impl::ConvertTritonToTritonGPUBase<
          ConvertTritonToTritonGPUPass> {
  using ConvertTritonToTritonGPUBase::ConvertTritonToTritonGPUBase;

  /// Checks one option: a positive power of two.
  LogicalResult checkOption(ModuleOp module, StringRef name, int32_t value) {
    if (value > 0 && llvm::isPowerOf2_32(value))
      return success();
    return module.emitError() << "convert-triton-to-tritongpu: option '" << name
                              << "' must be a positive power of two, "
                              << "but got " << value;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (failed(checkOption(module, "num-warps", numWarps)) ||
        failed(checkOption(module, "threads-per-warp", threadsPerWarp)) ||
        failed(checkOption(module, "num-ctas", numCTAs)))
      return signalPassFailure();
    if (failed(checkNoZeroRankTensors(module)))
      return signalPassFailure();

    // The module attributes first: the layouts' verifier reads them.
    Builder b(ctx);
    module->setAttr("ttg.num-warps", b.getI32IntegerAttr(numWarps));
    module->setAttr("ttg.threads-per-warp",
                    b.getI32IntegerAttr(threadsPerWarp));
    module->setAttr("ttg.num-ctas", b.getI32IntegerAttr(numCTAs));
    if (!target.empty())
      module->setAttr("ttg.target", b.getStringAttr(target));

    TritonGPUTypeConverter converter(ctx, numWarps, threadsPerWarp, numCTAs);
    ConversionTarget conversionTarget(*ctx);
    populateTritonToTritonGPULegality(conversionTarget, converter);
    RewritePatternSet patterns(ctx);
    populateTritonToTritonGPUPatterns(converter, patterns, conversionTarget);
    // The module itself has no types to convert.
    conversionTarget.addLegalOp<ModuleOp>();
    if (failed(applyPartialConversion(module, conversionTarget,
                                      std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

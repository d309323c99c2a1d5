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

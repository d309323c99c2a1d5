//===- AccelerateMatmul.cpp - tt.dot in tensor-core layouts ---------------===//
//
// nvidia-accelerate-matmul: f16/bf16 x f16/bf16 -> f32 dots with a blocked
// result move to the mma.sync (m16n8k16) layouts, with layout conversions
// around them that remove-layout-conversions can then fold.
//
//===----------------------------------------------------------------------===//

#include "nvidia/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trident/Dialect/Triton/IR/Dialect.h"
#include "trident/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "nvidia-accelerate-matmul"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_ACCELERATEMATMUL
#include "nvidia/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
namespace ttg = mlir::triton::gpu;

namespace {

/// Warps over the M x N tiles of 16 x 8: along M while M has tiles left
/// for them, then along N.
SmallVector<unsigned> getWarpsPerTile(int64_t m, int64_t n,
                                      unsigned numWarps) {
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    if (m / (16 * wm) > 1 && m / (16 * wm) >= n / (8 * wn))
      wm *= 2;
    else if (n / (8 * wn) > 1)
      wn *= 2;
    else
      wm *= 2;
  }
  return {wm, wn};
}

/// Whether `dot` feeds, or is fed by, another dot of its region (the two
/// dots of attention). Such dots keep all warps along M: each warp then
/// holds whole rows of the first result, which the second reads as its A
/// operand without exchanging data between warps.
bool isChained(triton::DotOp dot) {
  auto sameRegion = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion();
  };
  SetVector<Operation *> slice;
  BackwardSliceOptions backward;
  backward.filter = sameRegion;
  backward.omitUsesFromAbove = false;
  (void)getBackwardSlice(dot.getOperation(), &slice, backward);
  ForwardSliceOptions forward;
  forward.filter = sameRegion;
  getForwardSlice(dot.getOperation(), &slice, forward);
  return llvm::any_of(slice, [&](Operation *op) {
    return op != dot.getOperation() && isa<triton::DotOp>(op);
  });
}

struct AccelerateMatmul
    : public mlir::triton::nvidia_gpu::impl::AccelerateMatmulBase<
          AccelerateMatmul> {
  using AccelerateMatmulBase::AccelerateMatmulBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (computeCapability < 80)
      return;
    unsigned numWarps = 4;
    if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      numWarps = attr.getInt();
    MLIRContext *context = &getContext();

    SmallVector<triton::DotOp> dots;
    module.walk([&](triton::DotOp dot) { dots.push_back(dot); });
    for (triton::DotOp dot : dots) {
      auto resultType = cast<RankedTensorType>(dot.getType());
      auto blocked =
          dyn_cast_or_null<ttg::BlockedEncodingAttr>(resultType.getEncoding());
      auto aType = cast<RankedTensorType>(dot.getA().getType());
      auto bType = cast<RankedTensorType>(dot.getB().getType());
      Type operandElement = aType.getElementType();
      if (!blocked || resultType.getRank() != 2 ||
          !resultType.getElementType().isF32() ||
          !(operandElement.isF16() || operandElement.isBF16()) ||
          bType.getElementType() != operandElement)
        continue;
      int64_t m = resultType.getDimSize(0), n = resultType.getDimSize(1);
      int64_t k = aType.getDimSize(1);
      if (m % 16 != 0 || n % 8 != 0 || k % 16 != 0)
        continue;

      auto mma = ttg::NvidiaMmaEncodingAttr::get(
          context, /*versionMajor=*/2, /*versionMinor=*/0,
          isChained(dot) && m >= 16 * int64_t(numWarps)
              ? SmallVector<unsigned>{numWarps, 1}
              : getWarpsPerTile(m, n, numWarps),
          blocked.getCTALayout(),
          /*instrShape=*/{16, 8});
      auto operandType = [&](RankedTensorType type, unsigned opIdx) {
        return RankedTensorType::get(
            type.getShape(), type.getElementType(),
            ttg::DotOperandEncodingAttr::get(context, opIdx, mma,
                                             /*kWidth=*/2));
      };
      OpBuilder builder(dot);
      Location loc = dot.getLoc();
      auto mmaType = RankedTensorType::get(resultType.getShape(),
                                           resultType.getElementType(), mma);
      Value a = ttg::ConvertLayoutOp::create(builder, loc,
                                             operandType(aType, 0), dot.getA());
      Value b = ttg::ConvertLayoutOp::create(builder, loc,
                                             operandType(bType, 1), dot.getB());
      Value c = ttg::ConvertLayoutOp::create(builder, loc, mmaType, dot.getC());
      auto newDot = triton::DotOp::create(builder, loc, TypeRange(mmaType),
                                          ValueRange{a, b, c},
                                          dot->getAttrs());
      Value result = ttg::ConvertLayoutOp::create(builder, loc, resultType,
                                                  newDot.getResult());
      dot.getResult().replaceAllUsesWith(result);
      dot.erase();
    }
  }
};

} // namespace

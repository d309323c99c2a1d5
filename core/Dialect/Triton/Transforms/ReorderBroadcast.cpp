//===- ReorderBroadcast.cpp - tt-reorder-broadcast ------------------------===//
//
// Computes elementwise ops before splats and broadcasts rather than after:
// the op then runs on a scalar (or a smaller tensor) and the large value is
// materialized once, at the end.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "tt-reorder-broadcast"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// A pure elementwise op with one tensor result: the only kind of op whose
/// computation commutes with splat and broadcast.
bool isMovableElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op) &&
         op->getNumResults() == 1 && op->getNumRegions() == 0 &&
         isa<RankedTensorType>(op->getResult(0).getType()) &&
         op->getNumOperands() > 0;
}

/// Clones `op` with new operands and result types.
Operation *cloneWith(PatternRewriter &rewriter, Operation *op,
                     ValueRange operands, Type resultType) {
  OperationState state(op->getLoc(), op->getName(), operands, {resultType},
                       op->getAttrs());
  return rewriter.create(state);
}

/// op(splat a, splat b, ...) -> splat(op(a, b, ...)); constant splats count
/// as splats.
struct MoveSplatAfterElementwise : RewritePattern {
  MoveSplatAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return rewriter.notifyMatchFailure(op, "not a pure elementwise op");
    // Match every operand before creating anything: a pattern that fails
    // after changing the IR would make the driver loop forever.
    bool sawSplatOp = false;
    for (Value operand : op->getOperands()) {
      if (auto splat = operand.getDefiningOp<SplatOp>()) {
        // The scalar op needs a scalar: a 0-d tensor waits for the
        // canonicalizer to unsplat it.
        if (isa<RankedTensorType>(splat.getSrc().getType()))
          return rewriter.notifyMatchFailure(op, "a splat of a 0-d tensor");
        sawSplatOp = true;
        continue;
      }
      SplatElementsAttr constant;
      if (!matchPattern(operand, m_Constant(&constant)))
        return rewriter.notifyMatchFailure(op, "an operand is not a splat");
    }
    // All-constant operands are left to constant folding.
    if (!sawSplatOp)
      return rewriter.notifyMatchFailure(op, "no operand is a tt.splat");

    SmallVector<Value> scalars;
    for (Value operand : op->getOperands()) {
      if (auto splat = operand.getDefiningOp<SplatOp>()) {
        scalars.push_back(splat.getSrc());
        continue;
      }
      SplatElementsAttr constant;
      (void)matchPattern(operand, m_Constant(&constant));
      TypedAttr value = constant.getSplatValue<TypedAttr>();
      scalars.push_back(arith::ConstantOp::create(rewriter, op->getLoc(),
                                                  value.getType(), value));
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Operation *scalarOp =
        cloneWith(rewriter, op, scalars, resultType.getElementType());
    rewriter.replaceOpWithNewOp<SplatOp>(op, resultType,
                                         scalarOp->getResult(0));
    return success();
  }
};

/// op(broadcast a, broadcast b, splat c, ...) -> broadcast(op(a, b, c')),
/// when every broadcast starts from the same shape.
struct MoveBroadcastAfterElementwise : RewritePattern {
  MoveBroadcastAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return rewriter.notifyMatchFailure(op, "not a pure elementwise op");
    RankedTensorType srcType;
    for (Value operand : op->getOperands()) {
      auto broadcast = operand.getDefiningOp<BroadcastOp>();
      if (!broadcast)
        continue;
      if (srcType && srcType.getShape() !=
                         broadcast.getSrc().getType().getShape())
        return rewriter.notifyMatchFailure(op, "broadcasts from two shapes");
      srcType = broadcast.getSrc().getType();
    }
    if (!srcType)
      return rewriter.notifyMatchFailure(op, "no operand is a broadcast");

    for (Value operand : op->getOperands()) {
      SplatElementsAttr constant;
      if (!operand.getDefiningOp<BroadcastOp>() &&
          !operand.getDefiningOp<SplatOp>() &&
          !matchPattern(operand, m_Constant(&constant)))
        return rewriter.notifyMatchFailure(
            op, "an operand is neither broadcast, splat nor constant");
    }

    SmallVector<Value> narrow;
    for (Value operand : op->getOperands()) {
      auto operandType = cast<RankedTensorType>(operand.getType());
      auto narrowType = RankedTensorType::get(srcType.getShape(),
                                              operandType.getElementType(),
                                              srcType.getEncoding());
      if (auto broadcast = operand.getDefiningOp<BroadcastOp>()) {
        narrow.push_back(broadcast.getSrc());
      } else if (auto splat = operand.getDefiningOp<SplatOp>()) {
        narrow.push_back(SplatOp::create(rewriter, op->getLoc(), narrowType,
                                         splat.getSrc()));
      } else {
        SplatElementsAttr constant;
        (void)matchPattern(operand, m_Constant(&constant));
        narrow.push_back(arith::ConstantOp::create(
            rewriter, op->getLoc(), narrowType,
            constant.resizeSplat(narrowType)));
      }
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    auto narrowResultType =
        RankedTensorType::get(srcType.getShape(), resultType.getElementType(),
                              srcType.getEncoding());
    Operation *narrowOp = cloneWith(rewriter, op, narrow, narrowResultType);
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, resultType,
                                             narrowOp->getResult(0));
    return success();
  }
};

struct TritonReorderBroadcastPass
    : mlir::triton::impl::TritonReorderBroadcastBase<TritonReorderBroadcastPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateReorderBroadcastPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError(
          "tt-reorder-broadcast: rewriting did not converge");
      signalPassFailure();
    }
  }
};
} // namespace

void mlir::triton::populateReorderBroadcastPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<MoveSplatAfterElementwise, MoveBroadcastAfterElementwise>(
      context);
  // The chains these moves leave behind (broadcast of splat, expand_dims of
  // splat) collapse through the ops' own canonicalizations.
  BroadcastOp::getCanonicalizationPatterns(patterns, context);
  ExpandDimsOp::getCanonicalizationPatterns(patterns, context);
}

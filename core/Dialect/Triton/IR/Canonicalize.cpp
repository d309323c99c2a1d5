//===- Canonicalize.cpp - Canonicalization patterns of tt ops -------------===//
//
// Local simplifications run by `canonicalize`: constant masks on memory
// accesses, and chains of shape ops over splats and broadcasts.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
/// The value of a mask that is a constant true or false everywhere.
std::optional<bool> getConstantMask(Value mask) {
  if (!mask)
    return std::nullopt;
  Attribute attr;
  if (!matchPattern(mask, m_Constant(&attr)))
    return std::nullopt;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (auto boolean = dyn_cast<BoolAttr>(attr))
    return boolean.getValue();
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return !integer.getValue().isZero();
  return std::nullopt;
}

/// A load whose mask is all true needs no mask (nor other); one whose mask
/// is all false yields `other`.
struct FoldConstantLoadMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp load,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantMask(load.getMask());
    if (!mask)
      return rewriter.notifyMatchFailure(load, "mask is not constant");
    if (*mask) {
      rewriter.modifyOpInPlace(load, [&] {
        load.getMaskMutable().clear();
        load.getOtherMutable().clear();
      });
      return success();
    }
    if (!load.getOther())
      return rewriter.notifyMatchFailure(load, "all-false mask without other");
    rewriter.replaceOp(load, load.getOther());
    return success();
  }
};

/// A store whose mask is all true needs no mask; one whose mask is all false
/// writes nothing.
struct FoldConstantStoreMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantMask(store.getMask());
    if (!mask)
      return rewriter.notifyMatchFailure(store, "mask is not constant");
    if (*mask)
      rewriter.modifyOpInPlace(store, [&] { store.getMaskMutable().clear(); });
    else
      rewriter.eraseOp(store);
    return success();
  }
};

/// broadcast(splat x) -> splat x.
struct BroadcastOfSplat : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().getDefiningOp<SplatOp>();
    if (!splat)
      return rewriter.notifyMatchFailure(op, "source is not a splat");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// broadcast(broadcast x) -> broadcast x.
struct BroadcastOfBroadcast : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a broadcast");
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldConstantLoadMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldConstantStoreMask>(context);
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<BroadcastOfSplat, BroadcastOfBroadcast>(context);
}

LogicalResult ExpandDimsOp::canonicalize(ExpandDimsOp op,
                                         PatternRewriter &rewriter) {
  // expand_dims(splat x) -> splat x.
  if (auto splat = op.getSrc().getDefiningOp<SplatOp>()) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  return failure();
}

LogicalResult ReshapeOp::canonicalize(ReshapeOp op,
                                      PatternRewriter &rewriter) {
  // reshape(splat x) -> splat x.
  if (auto splat = op.getSrc().getDefiningOp<SplatOp>()) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // reshape(reshape x) -> reshape x, keeping any permission to reorder.
  if (auto inner = op.getSrc().getDefiningOp<ReshapeOp>()) {
    bool allowReorder = op.getAllowReorder() || inner.getAllowReorder();
    auto merged = rewriter.replaceOpWithNewOp<ReshapeOp>(
        op, op.getType(), inner.getSrc(), allowReorder,
        op.getEfficientLayout());
    (void)merged;
    return success();
  }
  return failure();
}

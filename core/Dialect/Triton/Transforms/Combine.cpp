//===- Combine.cpp - tt-combine -------------------------------------------===//
//
// Algebraic combinations of tt and arith ops that canonicalization does not
// find on its own: accumulating additions into dots, chained pointer
// offsets, and selects around masked loads.
//
//===----------------------------------------------------------------------===//

#include "trident/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "tt-combine"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "trident/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// True when `value` is a constant zero (scalar or splat).
bool isZero(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// add(dot(a, b, 0), d) -> dot(a, b, d), for either operand order. The dot
/// must have no other user, otherwise it would be computed twice.
template <typename AddOpT>
struct CombineDotAdd : OpRewritePattern<AddOpT> {
  using OpRewritePattern<AddOpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOpT add,
                                PatternRewriter &rewriter) const override {
    for (auto [dotOperand, other] :
         {std::pair(add.getLhs(), add.getRhs()),
          std::pair(add.getRhs(), add.getLhs())}) {
      auto dot = dotOperand.template getDefiningOp<DotOp>();
      if (!dot || !dot->hasOneUse() || !isZero(dot.getC()) ||
          dot.getType() != other.getType())
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(
          add, dot.getType(), dot.getA(), dot.getB(), other,
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
      return success();
    }
    return rewriter.notifyMatchFailure(add,
                                       "no single-use dot with a zero "
                                       "accumulator among the operands");
  }
};

/// addptr(addptr(p, a), b) -> addptr(p, a + b) when a and b have one type.
struct CombineAddPtr : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "pointer is not an addptr");
    if (inner.getOffset().getType() != op.getOffset().getType())
      return rewriter.notifyMatchFailure(op, "offsets differ in type");
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};

/// select(c, load(p, splat(c)), x) -> load(p, splat(c), splat(x)): the load
/// already reads nothing where c is false, so `x` becomes its `other`.
struct CombineSelectMaskedLoad : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || load.getOther())
      return rewriter.notifyMatchFailure(select, "not a select of a single-"
                                                 "use masked load");
    auto maskSplat = load.getMask() ? load.getMask().getDefiningOp<SplatOp>()
                                    : SplatOp();
    if (!maskSplat || maskSplat.getSrc() != select.getCondition())
      return rewriter.notifyMatchFailure(select,
                                         "load mask is not the condition");
    rewriter.replaceOpWithNewOp<LoadOp>(
        select, load.getPtr(), load.getMask(), select.getFalseValue(),
        load.getCache(), load.getEvict(), load.getIsVolatile());
    return success();
  }
};

struct TritonCombineOpsPass
    : mlir::triton::impl::TritonCombineOpsBase<TritonCombineOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTritonCombinePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError("tt-combine: rewriting did not converge");
      signalPassFailure();
    }
  }
};
} // namespace

void mlir::triton::populateTritonCombinePatterns(RewritePatternSet &patterns) {
  patterns.add<CombineDotAdd<arith::AddFOp>, CombineDotAdd<arith::AddIOp>,
               CombineAddPtr, CombineSelectMaskedLoad>(patterns.getContext());
}

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
/// must have no other user, otherwise it would be computed twice. A float
/// dot that limits its imprecise accumulation (maxNumImpreciseAcc, fp8) is
/// left alone: it rounds its partial sums otherwise than `+ d` does, so the
/// two forms give different numbers.
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
      if constexpr (std::is_same_v<AddOpT, arith::AddFOp>)
        if (dot.getMaxNumImpreciseAcc() != 0)
          return rewriter.notifyMatchFailure(
              add, "the dot limits its imprecise accumulation");
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

/// The value of `value` if it is a constant integer, a splat of one, or a
/// tt.splat of one.
std::optional<APInt> getConstantOffset(Value value) {
  if (auto splat = value.getDefiningOp<SplatOp>())
    value = splat.getSrc();
  APInt result;
  if (matchPattern(value, m_ConstantInt(&result)))
    return result;
  return std::nullopt;
}

/// Whether a + b computes the same offset as adding a and b to a pointer one
/// after the other: the addition cannot overflow. Pointer arithmetic is
/// 64-bit, so 64-bit offsets always can; narrower ones only when both are
/// constants whose sum fits.
bool isOffsetSumExact(Value a, Value b) {
  if (a.getType() != b.getType())
    return false;
  if (getElementTypeOrSelf(a.getType()).getIntOrFloatBitWidth() >= 64)
    return true;
  std::optional<APInt> lhs = getConstantOffset(a), rhs = getConstantOffset(b);
  if (!lhs || !rhs)
    return false;
  bool overflow = false;
  (void)lhs->sadd_ov(*rhs, overflow);
  return !overflow;
}

/// The discardable attributes an addptr carries over when chains merge: the
/// alignment facts the frontend or the user put on the outer pointer still
/// hold of the merged one, which computes the same addresses.
constexpr StringLiteral kKeptAddPtrAttrs[] = {
    "tt.divisibility", "tt.contiguity", "tt.constancy", "tt.pointee_type"};

/// addptr(addptr(p, a), b) -> addptr(p, a + b) when a + b cannot overflow.
struct CombineAddPtr : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "pointer is not an addptr");
    if (!isOffsetSumExact(inner.getOffset(), op.getOffset()))
      return rewriter.notifyMatchFailure(
          op, "the offsets' sum may overflow (narrower than 64 bits and not "
              "both constant)");
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    SmallVector<NamedAttribute> kept;
    for (StringRef name : kKeptAddPtrAttrs)
      if (Attribute attr = op->getDiscardableAttr(name))
        kept.push_back(rewriter.getNamedAttr(name, attr));
    auto merged = rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(),
                                                        inner.getPtr(), sum);
    for (NamedAttribute attr : kept)
      merged->setDiscardableAttr(attr.getName(), attr.getValue());
    return success();
  }
};

/// splat(0-d tensor t) -> splat(unsplat t): upstream accepts a 0-d tensor
/// operand, the later passes expect the scalar.
struct SplatOfZeroRankTensor : OpRewritePattern<SplatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SplatOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(op.getSrc().getType()))
      return rewriter.notifyMatchFailure(op, "the operand is a scalar");
    Value element = UnsplatOp::create(rewriter, op.getLoc(), op.getSrc());
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), element);
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
               CombineAddPtr, CombineSelectMaskedLoad, SplatOfZeroRankTensor>(
      patterns.getContext());
}

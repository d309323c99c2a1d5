//===- Combine.cpp - tt-combine -------------------------------------------===//
//
// Algebraic combinations of tt and arith ops that canonicalization does not
// find on its own: accumulating additions into dots, sums of broadcast
// products into dots, chained pointer offsets, and selects around masked
// loads.
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

/// Whether `broadcast` stretches exactly dimension `dim` (of size 1).
bool broadcastsOnly(BroadcastOp broadcast, unsigned dim) {
  ArrayRef<int64_t> from = broadcast.getSrc().getType().getShape();
  ArrayRef<int64_t> to = broadcast.getType().getShape();
  for (unsigned i = 0; i < from.size(); ++i)
    if ((from[i] != to[i]) != (i == dim))
      return false;
  return true;
}

/// Whether `reduce` sums: its combiner returns arith.addf of its two
/// arguments.
bool isSum(ReduceOp reduce) {
  auto add = dyn_cast_or_null<arith::AddFOp>(reduce.getSingleCombiner());
  if (!add)
    return false;
  Block &block = reduce.getCombineOp().front();
  Value l = block.getArgument(0), r = block.getArgument(1);
  bool addsArguments = (add.getLhs() == l && add.getRhs() == r) ||
                       (add.getLhs() == r && add.getRhs() == l);
  Operation *terminator = block.getTerminator();
  return addsArguments && terminator->getNumOperands() == 1 &&
         terminator->getOperand(0) == add.getResult();
}

/// sum(x[:, :, None] * y[None, :, :], axis=1) -> dot(x, y, 0): the product
/// of an M x K x 1 and a 1 x K x N tensor, broadcast to M x K x N and summed
/// over K, is their matrix product, which the targets run on their matrix
/// units instead of materialising M x K x N products. Like upstream Triton,
/// at ieee precision, for f16, f32 and f64 sums, and M, N and K of 16 or
/// more (the smallest dot the targets take).
struct CombineBroadcastMulReduce : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce.getNumOperands() != 1 || reduce.getAxis() != 1)
      return rewriter.notifyMatchFailure(reduce, "not one operand along 1");
    auto type = dyn_cast<RankedTensorType>(reduce.getOperands()[0].getType());
    if (!type || type.getRank() != 3 || type.getEncoding())
      return rewriter.notifyMatchFailure(reduce, "not a rank-3 TTIR tensor");
    Type element = type.getElementType();
    if (!element.isF16() && !element.isF32() && !element.isF64())
      return rewriter.notifyMatchFailure(reduce, "not an f16/f32/f64 sum");
    if (!isSum(reduce))
      return rewriter.notifyMatchFailure(reduce, "the combiner is not l + r");
    auto mul = reduce.getOperands()[0].getDefiningOp<arith::MulFOp>();
    if (!mul)
      return rewriter.notifyMatchFailure(reduce, "the operand is not a mulf");
    auto lhs = mul.getLhs().getDefiningOp<BroadcastOp>();
    auto rhs = mul.getRhs().getDefiningOp<BroadcastOp>();
    if (lhs && rhs && broadcastsOnly(lhs, 0) && broadcastsOnly(rhs, 2))
      std::swap(lhs, rhs);
    if (!lhs || !rhs || !broadcastsOnly(lhs, 2) || !broadcastsOnly(rhs, 0))
      return rewriter.notifyMatchFailure(
          reduce, "not the product of an M x K x 1 and a 1 x K x N tensor");
    int64_t m = type.getDimSize(0), k = type.getDimSize(1),
            n = type.getDimSize(2);
    if (m < 16 || k < 16 || n < 16)
      return rewriter.notifyMatchFailure(reduce, "smaller than 16x16x16");
    Location loc = reduce.getLoc();
    // The operand without its unit dimension: what tt.expand_dims expanded,
    // or a reshape.
    auto squeeze = [&](Value value, unsigned dim,
                       ArrayRef<int64_t> shape) -> Value {
      if (auto expand = value.getDefiningOp<ExpandDimsOp>())
        if (expand.getAxis() == dim)
          return expand.getSrc();
      return ReshapeOp::create(rewriter, loc,
                               RankedTensorType::get(shape, element), value);
    };
    Value a = squeeze(lhs.getSrc(), 2, {m, k});
    Value b = squeeze(rhs.getSrc(), 0, {k, n});
    auto resultType = RankedTensorType::get({m, n}, element);
    Value zero = arith::ConstantOp::create(
        rewriter, loc, resultType,
        DenseElementsAttr::get(resultType, rewriter.getZeroAttr(element)));
    rewriter.replaceOpWithNewOp<DotOp>(reduce, resultType, a, b, zero,
                                       InputPrecision::IEEE,
                                       /*maxNumImpreciseAcc=*/0);
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
               CombineAddPtr, CombineSelectMaskedLoad, SplatOfZeroRankTensor,
               CombineBroadcastMulReduce>(patterns.getContext());
}

//===- CpuUnmaskWholeTiles.cpp - Selects on tile bounds skipped when whole ===//
//
// A kernel that loops over a row in blocks masks what lies past its end:
// `tl.where(cols < N, x - mean, 0.0)` with `cols = off + tl.arange(0, B)`.
// Vectorized, each block builds the lane indices, compares them with N and
// blends, three instructions a register where the arithmetic is one, though
// only the last block of a row is partial. This pass selects the whole
// block's value with one scalar test, `off + B - 1 < N`, and keeps the
// per-lane select for the partial block.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUUNMASKWHOLETILES
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The scalar that `value`, a vector, broadcasts, or null.
Value getBroadcastScalar(Value value) {
  if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>())
    if (!isa<VectorType>(broadcast.getSourceType()))
      return broadcast.getSource();
  return nullptr;
}

/// Whether `value` is the lane index 0, 1, ... (`vector.step`, maybe cast
/// to integers, or a dense constant counting up from 0).
bool isLaneIndex(Value value) {
  if (auto cast = value.getDefiningOp<arith::IndexCastOp>())
    value = cast.getIn();
  if (value.getDefiningOp<vector::StepOp>())
    return true;
  DenseIntElementsAttr dense;
  if (!matchPattern(value, m_Constant(&dense)))
    return false;
  int64_t expected = 0;
  for (const APInt &lane : dense.getValues<APInt>())
    if (lane.getSExtValue() != expected++)
      return false;
  return true;
}

/// `off + lane < n` over the lanes: the scalars `off` and `n` of a mask
/// `splat(off) + step < splat(n)` (either order of the sum; `n > ...` too).
std::optional<std::pair<Value, Value>> matchPrefixMask(Value mask) {
  auto compare = mask.getDefiningOp<arith::CmpIOp>();
  if (!compare)
    return std::nullopt;
  Value indices = compare.getLhs(), bound = compare.getRhs();
  if (compare.getPredicate() == arith::CmpIPredicate::sgt)
    std::swap(indices, bound);
  else if (compare.getPredicate() != arith::CmpIPredicate::slt)
    return std::nullopt;
  auto sum = indices.getDefiningOp<arith::AddIOp>();
  Value n = getBroadcastScalar(bound);
  if (!sum || !n)
    return std::nullopt;
  Value lhs = sum.getLhs(), rhs = sum.getRhs();
  if (isLaneIndex(lhs))
    std::swap(lhs, rhs);
  Value offset = getBroadcastScalar(lhs);
  if (!offset || !isLaneIndex(rhs))
    return std::nullopt;
  return std::make_pair(offset, n);
}

/// select(off + lane < n, a, b) on a 1-D vector of L lanes becomes
/// `scf.if (off <= MAX - (L - 1) && off + L - 1 < n) { a } else { select }`:
/// every lane is then in bounds (the guard keeps the sum from wrapping).
struct SelectWholeTiles : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto maskType = dyn_cast<VectorType>(select.getCondition().getType());
    if (!maskType || maskType.getRank() != 1 || maskType.isScalable())
      return failure();
    std::optional<std::pair<Value, Value>> prefix =
        matchPrefixMask(select.getCondition());
    if (!prefix)
      return failure();
    auto [offset, n] = *prefix;
    auto integer = dyn_cast<IntegerType>(offset.getType());
    if (!integer || n.getType() != integer)
      return failure();
    Location loc = select.getLoc();
    int64_t last = maskType.getNumElements() - 1;
    APInt maxOffset =
        APInt::getSignedMaxValue(integer.getWidth()) - uint64_t(last);
    Value noWrap = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::sle, offset,
        arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getIntegerAttr(integer, maxOffset)));
    Value lastLane = arith::AddIOp::create(
        rewriter, loc, offset,
        arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getIntegerAttr(integer, last)));
    Value inBounds = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, lastLane, n);
    Value whole = arith::AndIOp::create(rewriter, loc, noWrap, inBounds);
    auto branch = scf::IfOp::create(
        rewriter, loc, whole,
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, select.getTrueValue());
        },
        [&](OpBuilder &b, Location l) {
          Value partial = arith::SelectOp::create(b, l, select.getCondition(),
                                                  select.getTrueValue(),
                                                  select.getFalseValue());
          scf::YieldOp::create(b, l, partial);
        });
    rewriter.replaceOp(select, branch.getResults());
    return success();
  }
};

struct CpuUnmaskWholeTilesPass
    : mlir::triton::cpu::impl::CpuUnmaskWholeTilesBase<
          CpuUnmaskWholeTilesPass> {
  // One walk, not a greedy driver: the select kept for partial tiles
  // matches again.
  void runOnOperation() override {
    SmallVector<arith::SelectOp> selects;
    getOperation().walk([&](arith::SelectOp op) { selects.push_back(op); });
    SelectWholeTiles pattern(&getContext());
    PatternRewriter rewriter(&getContext());
    for (arith::SelectOp select : selects) {
      rewriter.setInsertionPoint(select);
      (void)pattern.matchAndRewrite(select, rewriter);
    }
  }
};

} // namespace

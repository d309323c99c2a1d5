//===- MaskAnalysis.cpp - Masks as boxes of a tile ------------------------===//
//
// Decodes masks into the box of the tile they keep (see MaskAnalysis.h).
//
//===----------------------------------------------------------------------===//

#include "linalg/Analysis/MaskAnalysis.h"
#include "linalg/Analysis/OpFoldResultUtils.h"

#include "trident/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "linalg-mask-analysis"

using namespace mlir;
using namespace mlir::triton;

namespace mlir::triton::cpu {

bool MaskState::isStaticallyFull() const {
  for (auto [size, lo, hi] : llvm::zip_equal(sizes, this->lo, this->hi))
    if (!isConstant(lo, 0) || !isConstant(hi, size))
      return false;
  return true;
}

SmallVector<OpFoldResult> MaskState::getExtents(OpBuilder &b,
                                                Location loc) const {
  SmallVector<OpFoldResult> extents;
  for (auto [l, h] : llvm::zip_equal(lo, hi))
    extents.push_back(
        maxOFRs(b, loc, subOFRs(b, loc, h, l), b.getIndexAttr(0)));
  return extents;
}

void MaskState::print(llvm::raw_ostream &os) const {
  os << "box";
  for (auto [size, l, h] : llvm::zip_equal(sizes, lo, hi)) {
    os << " [";
    if (std::optional<int64_t> c = getConstant(l))
      os << *c;
    else
      os << "?";
    os << ", ";
    if (std::optional<int64_t> c = getConstant(h))
      os << *c;
    else
      os << "?";
    os << ") of " << size;
  }
}

FailureOr<MaskState> MaskAnalysis::fail(Operation *op,
                                        const llvm::Twine &reason) {
  if (failureReason.empty()) {
    failureReason = reason.str();
    failureOp = op;
    LLVM_DEBUG({
      llvm::dbgs() << "[" DEBUG_TYPE "] gives up: " << failureReason;
      if (op)
        llvm::dbgs() << " at " << *op;
      llvm::dbgs() << "\n";
    });
  }
  return failure();
}

MaskState MaskAnalysis::getFull(ArrayRef<int64_t> sizes) {
  OpBuilder &b = ints.getBuilder();
  MaskState state;
  state.sizes = llvm::to_vector(sizes);
  for (int64_t size : sizes) {
    state.lo.push_back(b.getIndexAttr(0));
    state.hi.push_back(b.getIndexAttr(size));
  }
  return state;
}

MaskState MaskAnalysis::intersect(const MaskState &a, const MaskState &b,
                                  Location loc) {
  OpBuilder &builder = ints.getBuilder();
  MaskState result = a;
  for (unsigned d = 0; d < a.sizes.size(); ++d) {
    result.lo[d] = maxOFRs(builder, loc, a.lo[d], b.lo[d]);
    result.hi[d] = minOFRs(builder, loc, a.hi[d], b.hi[d]);
  }
  return result;
}

/// A box that is the whole tile if `cond` holds and empty otherwise.
static MaskState fullIf(OpBuilder &b, Location loc, MaskState full,
                        Value cond) {
  if (!full.sizes.empty())
    full.hi[0] = selectOFR(b, loc, cond, full.hi[0], b.getIndexAttr(0));
  return full;
}

FailureOr<MaskState> MaskAnalysis::visit(Value mask, Location loc) {
  failureReason.clear();
  failureOp = nullptr;
  OpBuilder &b = ints.getBuilder();
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  if (!type)
    return fail(nullptr, "a scalar mask");
  Operation *op = mask.getDefiningOp();
  if (!op)
    return fail(nullptr, "a mask that is a block argument");

  if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue());
    if (!dense || !dense.isSplat())
      return fail(op, "a constant mask that is not a splat");
    MaskState full = getFull(type.getShape());
    if (dense.getSplatValue<APInt>().isZero())
      full.hi[0] = b.getIndexAttr(0);
    return full;
  }
  if (auto andOp = dyn_cast<arith::AndIOp>(op)) {
    FailureOr<MaskState> lhs = visit(andOp.getLhs(), loc);
    if (failed(lhs))
      return failure();
    FailureOr<MaskState> rhs = visit(andOp.getRhs(), loc);
    if (failed(rhs))
      return failure();
    return intersect(*lhs, *rhs, loc);
  }
  if (auto splat = dyn_cast<SplatOp>(op))
    return fullIf(b, loc, getFull(type.getShape()), splat.getSrc());
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    FailureOr<MaskState> src = visit(expand.getSrc(), loc);
    if (failed(src))
      return failure();
    MaskState result = *src;
    unsigned axis = expand.getAxis();
    result.sizes.insert(result.sizes.begin() + axis, 1);
    result.lo.insert(result.lo.begin() + axis, b.getIndexAttr(0));
    result.hi.insert(result.hi.begin() + axis, b.getIndexAttr(1));
    return result;
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(op)) {
    FailureOr<MaskState> src = visit(broadcast.getSrc(), loc);
    if (failed(src))
      return failure();
    MaskState result = *src;
    for (auto [d, size] : llvm::enumerate(type.getShape())) {
      if (result.sizes[d] == size)
        continue;
      // A size-1 dimension: all or nothing along the broadcast one.
      Value nonEmpty = sltOFRs(b, loc, result.lo[d], result.hi[d]);
      result.sizes[d] = size;
      result.lo[d] = b.getIndexAttr(0);
      result.hi[d] =
          selectOFR(b, loc, nonEmpty, b.getIndexAttr(size), b.getIndexAttr(0));
    }
    return result;
  }
  if (isa<arith::CmpIOp>(op))
    return visitCompare(op, loc);
  return fail(op, llvm::Twine("a mask computed by '") +
                      op->getName().getStringRef() +
                      "', which the analysis does not model");
}

/// The predicate that holds for (b, a) when `pred` holds for (a, b).
static arith::CmpIPredicate swapOperands(arith::CmpIPredicate pred) {
  switch (pred) {
  case arith::CmpIPredicate::slt:
    return arith::CmpIPredicate::sgt;
  case arith::CmpIPredicate::sle:
    return arith::CmpIPredicate::sge;
  case arith::CmpIPredicate::sgt:
    return arith::CmpIPredicate::slt;
  case arith::CmpIPredicate::sge:
    return arith::CmpIPredicate::sle;
  default:
    return pred;
  }
}

FailureOr<MaskState> MaskAnalysis::visitCompare(Operation *op, Location loc) {
  auto cmp = cast<arith::CmpIOp>(op);
  OpBuilder &b = ints.getBuilder();
  auto type = cast<RankedTensorType>(cmp.getType());
  arith::CmpIPredicate pred = cmp.getPredicate();

  FailureOr<PtrState> lhs = ints.visit(cmp.getLhs(), loc);
  if (failed(lhs))
    return fail(ints.getFailureOp() ? ints.getFailureOp() : op,
                ints.getFailureReason());
  FailureOr<PtrState> rhs = ints.visit(cmp.getRhs(), loc);
  if (failed(rhs))
    return fail(ints.getFailureOp() ? ints.getFailureOp() : op,
                ints.getFailureReason());
  if (lhs->source || rhs->source)
    return fail(op, "a comparison of pointers");

  bool isSigned =
      pred == arith::CmpIPredicate::slt || pred == arith::CmpIPredicate::sle ||
      pred == arith::CmpIPredicate::sgt || pred == arith::CmpIPredicate::sge ||
      pred == arith::CmpIPredicate::eq;
  if (!isSigned)
    return fail(op, llvm::Twine("a mask comparison with predicate '") +
                        arith::stringifyCmpIPredicate(pred) + "'");

  // Both sides uniform: the mask is all or nothing.
  if (lhs->isUniform() && rhs->isUniform()) {
    Value l = materializeIndex(b, loc, ints.getUniformValue(*lhs, loc));
    Value r = materializeIndex(b, loc, ints.getUniformValue(*rhs, loc));
    Value cond = arith::CmpIOp::create(b, loc, pred, l, r);
    return fullIf(b, loc, getFull(type.getShape()), cond);
  }

  // Normalize to `range PRED bound`.
  if (!rhs->isUniform()) {
    if (!lhs->isUniform())
      return fail(op, "a comparison of two ranges");
    std::swap(lhs, rhs);
    pred = swapOperands(pred);
  }
  if (lhs->hasModulo())
    return fail(op, "a comparison of a wrapped (rem) range");
  int64_t rangeDim = -1;
  for (auto [i, d] : llvm::enumerate(lhs->dims)) {
    if (isConstant(d.stride, 0))
      continue;
    if (rangeDim >= 0)
      return fail(op, "a comparison of a range along several dimensions");
    rangeDim = i;
  }
  if (!isConstant(lhs->dims[rangeDim].stride, 1))
    return fail(op, "a comparison of a range whose step is not 1");

  // value(i) = start + i along rangeDim; bound - start is where it crosses.
  OpFoldResult start = ints.getUniformValue(*lhs, loc);
  OpFoldResult bound = ints.getUniformValue(*rhs, loc);
  OpFoldResult cross = subOFRs(b, loc, bound, start);
  OpFoldResult zero = b.getIndexAttr(0);
  OpFoldResult one = b.getIndexAttr(1);
  OpFoldResult size = b.getIndexAttr(type.getShape()[rangeDim]);
  MaskState result = getFull(type.getShape());
  OpFoldResult &lo = result.lo[rangeDim];
  OpFoldResult &hi = result.hi[rangeDim];
  switch (pred) {
  case arith::CmpIPredicate::slt: // i < cross
    hi = clampOFR(b, loc, cross, zero, size);
    break;
  case arith::CmpIPredicate::sle: // i <= cross
    hi = clampOFR(b, loc, addOFRs(b, loc, cross, one), zero, size);
    break;
  case arith::CmpIPredicate::sgt: // i > cross
    lo = clampOFR(b, loc, addOFRs(b, loc, cross, one), zero, size);
    break;
  case arith::CmpIPredicate::sge: // i >= cross
    lo = clampOFR(b, loc, cross, zero, size);
    break;
  case arith::CmpIPredicate::eq: // i == cross
    lo = clampOFR(b, loc, cross, zero, size);
    hi = clampOFR(b, loc, addOFRs(b, loc, cross, one), zero, size);
    break;
  default:
    return fail(op, "an unsupported comparison");
  }
  return result;
}

} // namespace mlir::triton::cpu

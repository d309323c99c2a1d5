//===- OpFoldResultUtils.cpp - Index arithmetic that folds ----------------===//
//
// Constant-folding index arithmetic on OpFoldResults for the analyses.
//
//===----------------------------------------------------------------------===//

#include "linalg/Analysis/OpFoldResultUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace mlir::triton::cpu {

OpFoldResult indexAttr(OpBuilder &b, int64_t v) { return b.getIndexAttr(v); }

std::optional<int64_t> getConstant(OpFoldResult ofr) {
  if (!ofr)
    return std::nullopt;
  return getConstantIntValue(ofr);
}

bool isConstant(OpFoldResult ofr, int64_t v) {
  std::optional<int64_t> c = getConstant(ofr);
  return c && *c == v;
}

bool isSame(OpFoldResult a, OpFoldResult b) {
  if (!a || !b)
    return !a && !b;
  std::optional<int64_t> ca = getConstant(a), cb = getConstant(b);
  if (ca || cb)
    return ca && cb && *ca == *cb;
  return llvm::cast<Value>(a) == llvm::cast<Value>(b);
}

Value materializeIndex(OpBuilder &b, Location loc, OpFoldResult ofr) {
  if (std::optional<int64_t> c = getConstant(ofr))
    return arith::ConstantIndexOp::create(b, loc, *c);
  return llvm::cast<Value>(ofr);
}

OpFoldResult castToIndex(OpBuilder &b, Location loc, Value scalar) {
  APInt value;
  if (matchPattern(scalar, m_ConstantInt(&value)))
    return b.getIndexAttr(value.getSExtValue());
  if (scalar.getType().isIndex())
    return scalar;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), scalar)
      .getResult();
}

Value castFromIndex(OpBuilder &b, Location loc, OpFoldResult ofr, Type type) {
  if (std::optional<int64_t> c = getConstant(ofr))
    return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, *c));
  Value v = llvm::cast<Value>(ofr);
  if (type.isIndex())
    return v;
  return arith::IndexCastOp::create(b, loc, type, v);
}

/// Folds a binary op: the attribute if both sides are constants, else the
/// op's result (which createOrFold may still fold).
template <typename OpTy, typename FoldFn>
static OpFoldResult binary(OpBuilder &b, Location loc, OpFoldResult lhs,
                           OpFoldResult rhs, FoldFn fold) {
  std::optional<int64_t> l = getConstant(lhs), r = getConstant(rhs);
  if (l && r) {
    if (std::optional<int64_t> folded = fold(*l, *r))
      return b.getIndexAttr(*folded);
  }
  Value v = b.createOrFold<OpTy>(loc, materializeIndex(b, loc, lhs),
                                 materializeIndex(b, loc, rhs));
  return getAsOpFoldResult(v);
}

OpFoldResult addOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isConstant(lhs, 0))
    return rhs;
  if (isConstant(rhs, 0))
    return lhs;
  return binary<arith::AddIOp>(
      b, loc, lhs, rhs,
      [](int64_t l, int64_t r) -> std::optional<int64_t> { return l + r; });
}

OpFoldResult subOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isConstant(rhs, 0))
    return lhs;
  if (isSame(lhs, rhs))
    return b.getIndexAttr(0);
  return binary<arith::SubIOp>(
      b, loc, lhs, rhs,
      [](int64_t l, int64_t r) -> std::optional<int64_t> { return l - r; });
}

OpFoldResult mulOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isConstant(lhs, 0) || isConstant(rhs, 0))
    return b.getIndexAttr(0);
  if (isConstant(lhs, 1))
    return rhs;
  if (isConstant(rhs, 1))
    return lhs;
  return binary<arith::MulIOp>(
      b, loc, lhs, rhs,
      [](int64_t l, int64_t r) -> std::optional<int64_t> { return l * r; });
}

OpFoldResult divOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isConstant(rhs, 1))
    return lhs;
  return binary<arith::DivSIOp>(
      b, loc, lhs, rhs, [](int64_t l, int64_t r) -> std::optional<int64_t> {
        if (r == 0)
          return std::nullopt;
        return l / r;
      });
}

OpFoldResult remOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isConstant(rhs, 1))
    return b.getIndexAttr(0);
  return binary<arith::RemSIOp>(
      b, loc, lhs, rhs, [](int64_t l, int64_t r) -> std::optional<int64_t> {
        if (r == 0)
          return std::nullopt;
        return l % r;
      });
}

OpFoldResult minOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isSame(lhs, rhs))
    return lhs;
  return binary<arith::MinSIOp>(
      b, loc, lhs, rhs, [](int64_t l, int64_t r) -> std::optional<int64_t> {
        return std::min(l, r);
      });
}

OpFoldResult maxOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isSame(lhs, rhs))
    return lhs;
  return binary<arith::MaxSIOp>(
      b, loc, lhs, rhs, [](int64_t l, int64_t r) -> std::optional<int64_t> {
        return std::max(l, r);
      });
}

OpFoldResult clampOFR(OpBuilder &b, Location loc, OpFoldResult v,
                      OpFoldResult lo, OpFoldResult hi) {
  return maxOFRs(b, loc, minOFRs(b, loc, v, hi), lo);
}

OpFoldResult selectOFR(OpBuilder &b, Location loc, Value cond, OpFoldResult t,
                       OpFoldResult f) {
  if (isSame(t, f))
    return t;
  APInt c;
  if (matchPattern(cond, m_ConstantInt(&c)))
    return c.isZero() ? f : t;
  Value v = arith::SelectOp::create(b, loc, cond, materializeIndex(b, loc, t),
                                    materializeIndex(b, loc, f));
  return v;
}

Value sltOFRs(OpBuilder &b, Location loc, OpFoldResult lhs, OpFoldResult rhs) {
  std::optional<int64_t> l = getConstant(lhs), r = getConstant(rhs);
  if (l && r)
    return arith::ConstantIntOp::create(b, loc, *l < *r, 1);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                               materializeIndex(b, loc, lhs),
                               materializeIndex(b, loc, rhs));
}

} // namespace mlir::triton::cpu

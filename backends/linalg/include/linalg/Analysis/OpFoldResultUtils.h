//===- OpFoldResultUtils.h - Index arithmetic that folds -------*- C++ -*-===//
//
// Small helpers for the pointer and mask analyses: arithmetic on index
// OpFoldResults that folds constants (a constant stays an attribute, so that
// static strides and sizes reach memref types) and materializes the rest as
// `arith` ops on `index` at the builder's insertion point.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_ANALYSIS_OPFOLDRESULTUTILS_H
#define LINALG_BACKEND_ANALYSIS_OPFOLDRESULTUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>

namespace mlir::triton::cpu {

/// The index constant `v` as an OpFoldResult (an attribute).
OpFoldResult indexAttr(OpBuilder &b, int64_t v);

/// The constant value of `ofr`, if it is one.
std::optional<int64_t> getConstant(OpFoldResult ofr);

/// True if `ofr` is the constant `v`.
bool isConstant(OpFoldResult ofr, int64_t v);

/// True if `a` and `b` are the same constant or the same SSA value.
bool isSame(OpFoldResult a, OpFoldResult b);

/// `ofr` as an `index` value (a constant op for an attribute).
Value materializeIndex(OpBuilder &b, Location loc, OpFoldResult ofr);

/// A scalar integer (any width, or index) as an index OpFoldResult: its
/// constant when it has one, else `arith.index_cast` (sign-extending).
OpFoldResult castToIndex(OpBuilder &b, Location loc, Value scalar);

/// An index value as a scalar of integer type `type` (`arith.index_cast`).
Value castFromIndex(OpBuilder &b, Location loc, OpFoldResult ofr, Type type);

OpFoldResult addOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs);
OpFoldResult subOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs);
OpFoldResult mulOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs);
/// Signed division and remainder (arith.divsi / arith.remsi semantics).
OpFoldResult divOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs);
OpFoldResult remOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs);
/// Signed minimum and maximum.
OpFoldResult minOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs);
OpFoldResult maxOFRs(OpBuilder &b, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs);
/// `v` clamped to [lo, hi] (signed).
OpFoldResult clampOFR(OpBuilder &b, Location loc, OpFoldResult v,
                      OpFoldResult lo, OpFoldResult hi);
/// `cond ? t : f` for an i1 `cond`.
OpFoldResult selectOFR(OpBuilder &b, Location loc, Value cond, OpFoldResult t,
                       OpFoldResult f);
/// The i1 value of `lhs < rhs` (signed); folds to a constant when it can.
Value sltOFRs(OpBuilder &b, Location loc, OpFoldResult lhs, OpFoldResult rhs);

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_ANALYSIS_OPFOLDRESULTUTILS_H

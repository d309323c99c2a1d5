//===- PtrAnalysis.h - Structured pointer analysis -------------*- C++ -*-===//
//
// Decodes the pointer arithmetic of a Triton kernel into a strided tile, the
// way triton-shared does: a tensor of pointers built from splat, make_range,
// expand_dims, broadcast, addptr, and add/mul by scalars (and rem for
// wrap-around) addresses
//
//     buffer[ sum_d contribution_d(i_d) ]      for i in the tile's index space
//
// with, per dimension d,
//
//     contribution_d(i) = offset_d + i * stride_d                  or
//     contribution_d(i) = ((offset_d + i * stride_d) mod modulus_d) * scale_d
//
// The same state describes integer tensors (no buffer), so the mask analysis
// reuses it for the ranges it compares, and block pointers
// (tt.make_tensor_ptr / tt.advance), which keep their per-dimension offsets
// and shape for boundary checks. Offsets and strides are index OpFoldResults:
// constants stay attributes; everything else is materialized as `arith` on
// `index` at the builder's insertion point (set by the caller before the
// consumer, so every value the analysis creates dominates it).
//
// A value the analysis does not understand is a failure with a reason, not
// an error: the caller falls back to gather/scatter.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_ANALYSIS_PTRANALYSIS_H
#define LINALG_BACKEND_ANALYSIS_PTRANALYSIS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::triton::cpu {

/// One dimension of a structured tile.
struct PtrDim {
  int64_t size = 1;
  OpFoldResult offset;
  OpFoldResult stride;
  /// Set for a wrapped dimension (`rem`): the contribution is
  /// ((offset + i * stride) mod modulus) * scale. Null otherwise.
  OpFoldResult modulus;
  OpFoldResult scale;

  bool hasModulo() const { return static_cast<bool>(modulus); }
};

/// What the analysis knows about a pointer or integer value.
struct PtrState {
  /// The buffer (a 1-D memref) a pointer points into; null for integers.
  Value source;
  /// A scalar's offset (pointer) or value (integer); for a block pointer,
  /// the offset of its base pointer. Null for tensors.
  OpFoldResult scalar;
  /// One entry per dimension of a tensor (empty for a scalar).
  SmallVector<PtrDim> dims;

  /// Block pointers: dims[d].offset is the block's position along d in
  /// elements (not yet multiplied by the stride), `shape` the bounds that
  /// boundary checks compare with, `order` the layout order.
  bool isBlockPointer = false;
  SmallVector<OpFoldResult> shape;
  SmallVector<int32_t> order;

  int64_t getRank() const { return dims.size(); }
  bool isScalar() const { return dims.empty() && !isBlockPointer; }
  bool isPointer() const { return static_cast<bool>(source); }
  bool hasModulo() const;
  /// A tensor whose elements are all equal (every stride is the constant 0
  /// and no dimension wraps).
  bool isUniform() const;
  SmallVector<int64_t> getSizes() const;

  /// The values that change from one loop iteration to the next when the
  /// state is carried by scf.for: the scalar of a scalar, the offsets of a
  /// tensor or block pointer.
  SmallVector<OpFoldResult> getLoopCarried() const;
  /// The same state with its loop-carried values replaced by `values`.
  PtrState withLoopCarried(ArrayRef<OpFoldResult> values) const;
  /// True if `other` has the same buffer, shape, strides, moduli and scales
  /// (everything but the loop-carried values).
  bool hasSameStructure(const PtrState &other) const;

  void print(llvm::raw_ostream &os) const;
};

/// Walks the definition of a pointer or integer value and builds its state.
class PtrAnalysis {
public:
  explicit PtrAnalysis(OpBuilder &builder) : builder(builder) {}

  /// The state of `value` (a scalar or tensor pointer, a block pointer, or
  /// a scalar or tensor integer). New `arith` ops go to the builder's
  /// insertion point.
  FailureOr<PtrState> visit(Value value, Location loc);

  /// For a uniform integer state, its single value.
  OpFoldResult getUniformValue(const PtrState &state, Location loc);

  /// The state of a block pointer as an ordinary tile (offsets multiplied
  /// by strides, the base offset folded in).
  PtrState flattenBlockPointer(const PtrState &state, Location loc);

  /// Fixes the state of `value` (loop-carried values, whose offsets the
  /// caller carries through the loop). Survives clearCache().
  void setKnownState(Value value, const PtrState &state);
  void forgetKnownState(Value value) { known.erase(value); }
  bool hasKnownState(Value value) const { return known.count(value); }

  /// Forgets the states computed so far (their values are only valid at
  /// the insertion point they were built for).
  void clearCache() { cache.clear(); }

  /// Why the last visit() failed, and where.
  const std::string &getFailureReason() const { return failureReason; }
  Operation *getFailureOp() const { return failureOp; }

  OpBuilder &getBuilder() { return builder; }

private:
  FailureOr<PtrState> visitImpl(Value value, Location loc);
  FailureOr<PtrState> visitOp(Operation *op, Value value, Location loc);
  FailureOr<PtrState> fail(Operation *op, const llvm::Twine &reason);

  FailureOr<PtrState> addStates(const PtrState &lhs, const PtrState &rhs,
                                Location loc);
  FailureOr<PtrState> negateState(const PtrState &state, Location loc);
  FailureOr<PtrState> mulStates(const PtrState &lhs, const PtrState &rhs,
                                Location loc);
  FailureOr<PtrState> remState(const PtrState &lhs, const PtrState &rhs,
                               Location loc);
  PtrState splatScalar(OpFoldResult scalar, Value source,
                       ArrayRef<int64_t> shape);
  FailureOr<PtrState> visitIntToPtr(Operation *op, Value src, Type ptrType,
                                    Location loc);

  OpBuilder &builder;
  llvm::DenseMap<Value, PtrState> known;
  llvm::DenseMap<Value, PtrState> cache;
  std::string failureReason;
  Operation *failureOp = nullptr;
};

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_ANALYSIS_PTRANALYSIS_H

//===- MaskAnalysis.h - Masks as boxes of a tile ----------------*- C++ -*-===//
//
// Decodes a load/store mask into the box of the tile it keeps valid, the way
// triton-shared does: comparisons of a range (make_range plus a scalar) with
// a scalar bound (`offs < n`, `offs >= 0`, ...), and-ed together, broadcast
// and expanded, give for every dimension d the valid interval
//
//     lo_d <= i_d < hi_d          (0 <= lo_d <= hi_d <= size_d)
//
// so that a masked access copies only that sub-block. Anything else (an
// `or`, a mask loaded from memory, a comparison of two ranges) is a failure
// with a reason; the caller falls back to gather/scatter.
//
//===----------------------------------------------------------------------===//

#ifndef LINALG_BACKEND_ANALYSIS_MASKANALYSIS_H
#define LINALG_BACKEND_ANALYSIS_MASKANALYSIS_H

#include "linalg/Analysis/PtrAnalysis.h"

namespace mlir::triton::cpu {

/// The valid box of a mask: [lo_d, hi_d) per dimension, already clamped to
/// [0, size_d]. An empty box has lo_d >= hi_d in some dimension.
struct MaskState {
  SmallVector<int64_t> sizes;
  SmallVector<OpFoldResult> lo;
  SmallVector<OpFoldResult> hi;

  int64_t getRank() const { return sizes.size(); }
  /// The box covers the whole tile (known at compile time).
  bool isStaticallyFull() const;
  /// hi_d - lo_d, clamped at 0.
  SmallVector<OpFoldResult> getExtents(OpBuilder &b, Location loc) const;
  void print(llvm::raw_ostream &os) const;
};

/// Builds the MaskState of an i1 tensor; integer operands of comparisons
/// are decoded by `ints`.
class MaskAnalysis {
public:
  explicit MaskAnalysis(PtrAnalysis &ints) : ints(ints) {}

  FailureOr<MaskState> visit(Value mask, Location loc);

  /// The box of a whole tile of `sizes`.
  MaskState getFull(ArrayRef<int64_t> sizes);

  /// The intersection of two boxes.
  MaskState intersect(const MaskState &a, const MaskState &b, Location loc);

  const std::string &getFailureReason() const { return failureReason; }
  Operation *getFailureOp() const { return failureOp; }

private:
  FailureOr<MaskState> visitCompare(Operation *cmp, Location loc);
  FailureOr<MaskState> fail(Operation *op, const llvm::Twine &reason);

  PtrAnalysis &ints;
  std::string failureReason;
  Operation *failureOp = nullptr;
};

} // namespace mlir::triton::cpu

#endif // LINALG_BACKEND_ANALYSIS_MASKANALYSIS_H

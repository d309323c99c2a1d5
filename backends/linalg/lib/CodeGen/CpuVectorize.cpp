//===- CpuVectorize.cpp - Vectorize static linalg ops for the host --------===//
//
// Turns each linalg op of static shape and bounded size into vector
// operations (upstream linalg::vectorize); the rest is left to the loop
// lowering.
//
//===----------------------------------------------------------------------===//

#include "linalg-backend/CodeGen/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-vectorize"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUVECTORIZE
#include "linalg-backend/CodeGen/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The number of points of `op`'s iteration space, or nullopt when it is
/// not static.
std::optional<int64_t> getStaticIterationSize(linalg::LinalgOp op) {
  int64_t points = 1;
  for (int64_t size : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    points *= size;
  }
  return points;
}

/// Whether `op` reads or writes a shaped value of i1. A vector of i1 is
/// stored bit-packed by LLVM while a buffer of i1 holds one byte per
/// element, so such ops are left to the loop lowering.
bool hasBooleanOperands(linalg::LinalgOp op) {
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.getElementType().isInteger(1);
  });
}

class CpuVectorizePass
    : public mlir::triton::cpu::impl::CpuVectorizeBase<CpuVectorizePass> {
public:
  using CpuVectorizeBase::CpuVectorizeBase;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      std::optional<int64_t> points = getStaticIterationSize(op);
      if (!points || *points > maxElements) {
        LLVM_DEBUG(llvm::dbgs() << "not vectorized (dynamic or too large): "
                                << op->getName() << "\n");
        return;
      }
      if (hasBooleanOperands(op)) {
        LLVM_DEBUG(llvm::dbgs()
                   << "not vectorized (i1 buffers): " << op->getName() << "\n");
        return;
      }
      if (failed(linalg::vectorizeOpPrecondition(op))) {
        LLVM_DEBUG(llvm::dbgs() << "not vectorized (precondition): "
                                << op->getName() << "\n");
        return;
      }
      candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op);
      if (failed(result)) {
        LLVM_DEBUG(llvm::dbgs()
                   << "vectorization failed: " << op->getName() << "\n");
        continue;
      }
      if (result->replacements.empty())
        rewriter.eraseOp(op);
      else
        rewriter.replaceOp(op, result->replacements);
    }
  }
};

} // namespace

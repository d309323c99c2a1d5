//===- CpuApproximateMath.cpp - Vector math without libm calls ------------===//
//
// LLVM has no vector form of exp, log or tanh for the host: a math op on a
// vector becomes one libm call per element. This pass expands the f32 math
// ops on vectors that have an accurate polynomial form upstream into
// arithmetic (FMAs, bit operations) that stays vectorized; scalar math ops
// keep their libm calls.
//
//===----------------------------------------------------------------------===//

#include "linalg-backend/CodeGen/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-approximate-math"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPUAPPROXIMATEMATH
#include "linalg-backend/CodeGen/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// The math ops expanded: those whose upstream approximation is accurate
/// over the whole f32 range (sin and cos are not: they reduce large
/// arguments in f32).
bool isApproximated(StringRef name) {
  return llvm::is_contained(
      {math::ExpOp::getOperationName(), math::Exp2Op::getOperationName(),
       math::ExpM1Op::getOperationName(), math::LogOp::getOperationName(),
       math::Log2Op::getOperationName(), math::Log1pOp::getOperationName(),
       math::TanhOp::getOperationName()},
      name);
}

class CpuApproximateMathPass
    : public mlir::triton::cpu::impl::CpuApproximateMathBase<
          CpuApproximateMathPass> {
public:
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect("math") ||
          !isApproximated(op->getName().getStringRef()) ||
          op->getNumResults() != 1)
        return;
      auto type = dyn_cast<VectorType>(op->getResult(0).getType());
      if (type && type.getElementType().isF32())
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, isApproximated);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    // Ops left as they were are not an error: they keep their libm calls.
    (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
  }
};

} // namespace

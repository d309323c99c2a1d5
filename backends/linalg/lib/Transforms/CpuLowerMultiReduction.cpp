//===- CpuLowerMultiReduction.cpp - Reductions in the host's shape --------===//
//
// Lowers vector.multi_reduction with the strategy that suits each: along the
// innermost dimension as vector.reduction (one horizontal reduction per row,
// llvm.vector.reduce.*), along outer dimensions as elementwise operations
// between rows. Upstream's pass applies one strategy to all; the
// elementwise one turns a reduction of a 1-D vector into one scalar step
// per element.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "linalg-cpu-lower-multi-reduction"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_CPULOWERMULTIREDUCTION
#include "linalg/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

class CpuLowerMultiReductionPass
    : public mlir::triton::cpu::impl::CpuLowerMultiReductionBase<
          CpuLowerMultiReductionPass> {
public:
  void runOnOperation() override {
    SmallVector<Operation *> inner, outer;
    getOperation()->walk([&](vector::MultiDimReductionOp op) {
      int64_t rank = op.getSourceVectorType().getRank();
      bool innermost = llvm::is_contained(op.getReductionDims(), rank - 1);
      (innermost ? inner : outer).push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    for (auto [ops, strategy] :
         {std::make_pair(&inner,
                         vector::VectorMultiReductionLowering::InnerReduction),
          std::make_pair(&outer,
                         vector::VectorMultiReductionLowering::InnerParallel)}) {
      if (ops->empty())
        continue;
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMultiReductionLoweringPatterns(patterns, strategy);
      if (failed(applyOpPatternsGreedily(*ops, std::move(patterns), config)))
        LLVM_DEBUG(llvm::dbgs() << "multi_reduction lowering did not "
                                   "converge\n");
    }
  }
};

} // namespace

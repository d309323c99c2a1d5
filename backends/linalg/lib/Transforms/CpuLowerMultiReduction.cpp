//===- CpuLowerMultiReduction.cpp - Reductions in the host's shape --------===//
//
// Lowers vector.multi_reduction with the strategy that suits each: along the
// innermost dimension as vector.reduction (one horizontal reduction per row,
// llvm.vector.reduce.*), along outer dimensions as elementwise operations
// between rows. Upstream's pass applies one strategy to all; the
// elementwise one turns a reduction of a 1-D vector into one scalar step
// per element.
//
// A horizontal maxnumf or minnumf is then halved by hand: LLVM's x86
// lowering of llvm.vector.reduce.fmax/fmin (NaN-ignoring, without nnan)
// reduces the last register lane by lane (15 scalar vmaxss with NaN checks
// for 16 lanes), which was most of attention's row maximum.
//
//===----------------------------------------------------------------------===//

#include "linalg/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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

/// vector.reduction <maxnumf|minnumf> of a vector of 2^k elements ->
/// k elementwise operations between its halves, then its first element.
/// maxnum and minnum are associative and commutative (quiet NaNs are
/// ignored in any order), so the result is the same.
struct HalveNumReduction : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    vector::CombiningKind kind = op.getKind();
    if (kind != vector::CombiningKind::MAXNUMF &&
        kind != vector::CombiningKind::MINNUMF)
      return rewriter.notifyMatchFailure(op, "not maxnumf or minnumf");
    VectorType type = op.getSourceVectorType();
    int64_t size = type.getRank() == 1 && !type.isScalable()
                       ? type.getDimSize(0)
                       : 0;
    if (size < 2 || !llvm::isPowerOf2_64(size))
      return rewriter.notifyMatchFailure(op, "not 2^k elements, k >= 1");
    Location loc = op.getLoc();
    arith::FastMathFlagsAttr fastmath = op.getFastmathAttr();
    auto combine = [&](Value lhs, Value rhs) -> Value {
      if (kind == vector::CombiningKind::MAXNUMF)
        return arith::MaxNumFOp::create(rewriter, loc, lhs, rhs, fastmath);
      return arith::MinNumFOp::create(rewriter, loc, lhs, rhs, fastmath);
    };
    Value vector = op.getVector();
    for (int64_t half = size / 2; half >= 1; half /= 2) {
      Value low = vector::ExtractStridedSliceOp::create(
          rewriter, loc, vector, /*offsets=*/{0}, /*sizes=*/{half},
          /*strides=*/{1});
      Value high = vector::ExtractStridedSliceOp::create(
          rewriter, loc, vector, /*offsets=*/{half}, /*sizes=*/{half},
          /*strides=*/{1});
      vector = combine(low, high);
    }
    Value result = vector::ExtractOp::create(rewriter, loc, vector, 0);
    if (Value acc = op.getAcc())
      result = combine(result, acc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

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
    SmallVector<Operation *> horizontal;
    getOperation()->walk(
        [&](vector::ReductionOp op) { horizontal.push_back(op); });
    RewritePatternSet halving(&getContext());
    halving.add<HalveNumReduction>(&getContext());
    if (!horizontal.empty() &&
        failed(applyOpPatternsGreedily(horizontal, std::move(halving))))
      LLVM_DEBUG(llvm::dbgs() << "halving did not converge\n");
  }
};

} // namespace
